import sirv from 'sirv';
import { type Listening, listen } from '../../proxy/node/listen.ts';

/**
 * Serves a build as a plain static host does, with no edge in front (README: Deploying): sirv on a random loopback
 * port, `/docs/x` from `docs/x.html`, the brotli and gzip variants the build wrote.
 */
export function serveStatic(dir: string): Promise<Listening> {
  const serve = sirv(dir, { etag: true, extensions: ['html'], brotli: true, gzip: true });
  return listen(
    (req, res) =>
      serve(req, res, () => {
        res.writeHead(404).end();
      }),
    '127.0.0.1',
    0,
  );
}
