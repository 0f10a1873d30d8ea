// sirv serving the same dist folder: the static-file comparison for llms.txt and twins.
import { createServer } from 'node:http';
import sirv from 'sirv';

const serve = sirv(process.env.DIST, { etag: true, extensions: ['html'] });
const server = createServer((req, res) =>
  serve(req, res, () => {
    res.writeHead(404).end();
  }),
);
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
