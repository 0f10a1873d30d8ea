/** One square image of an icon, as PNG bytes. */
export interface IcoImage {
  size: number;
  png: Uint8Array;
}

/**
 * An ICO file holding PNG images (the format browsers and crawlers fetch at `/favicon.ico`): a 6-byte header,
 * one 16-byte directory entry per image, then the images. PNG entries are valid since Windows Vista.
 */
export function toIco(images: readonly IcoImage[]): Uint8Array<ArrayBuffer> {
  const headerSize = 6 + 16 * images.length;
  const out = new Uint8Array(headerSize + images.reduce((sum, i) => sum + i.png.length, 0));
  const view = new DataView(out.buffer);
  view.setUint16(2, 1, true); // type 1: icon
  view.setUint16(4, images.length, true);
  let offset = headerSize;
  images.forEach((image, i) => {
    const entry = 6 + 16 * i;
    // Width and height 0 mean 256.
    view.setUint8(entry, image.size >= 256 ? 0 : image.size);
    view.setUint8(entry + 1, image.size >= 256 ? 0 : image.size);
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, image.png.length, true);
    view.setUint32(entry + 12, offset, true);
    out.set(image.png, offset);
    offset += image.png.length;
  });
  return out;
}
