import sirv from 'sirv';
import { type Listening, listen } from '../proxy/node/listen.ts';

/**
 * Serves a build as a plain static host does, with no edge in front (README: Deploying): sirv on a random loopback
 * port, `/docs/x` from `docs/x.html`, the brotli and gzip variants the build wrote. `onSent`, when given, hears each
 * answer's path and body bytes as sent (the variant's when one was chosen).
 */
export function serveStatic(dir: string, onSent?: (path: string, bytes: number) => void): Promise<Listening> {
  const serve = sirv(dir, { etag: true, extensions: ['html'], brotli: true, gzip: true });
  return listen(
    (req, res) => {
      if (onSent)
        res.on('finish', () => onSent(new URL(req.url ?? '/', 'http://x').pathname, Number(res.getHeader('content-length') ?? 0)));
      serve(req, res, () => {
        res.writeHead(404).end();
      });
    },
    '127.0.0.1',
    0,
  );
}
