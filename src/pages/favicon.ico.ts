import sharp from 'sharp';
import favicon from '../assets/favicon.svg?raw';
import { toIco } from '../../documents/to-ico.ts';

// The same icon for clients that ask for /favicon.ico (crawlers, feed readers, older browsers), at 16, 32 and 48 px.
export const GET = async () => {
  const images = await Promise.all(
    [16, 32, 48].map(async (size) => ({
      size,
      png: new Uint8Array(
        await sharp(Buffer.from(favicon), { density: 72 * (size / 32) * 4 })
          .resize(size, size)
          .png()
          .toBuffer(),
      ),
    })),
  );
  return new Response(toIco(images), { headers: { 'Content-Type': 'image/x-icon' } });
};
