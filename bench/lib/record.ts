import { request } from 'node:http';

/** One recorded answer: status, headers as sent (less per-exchange framing) and the bytes on the wire. */
export interface Recorded {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

// Written by node:http per exchange, not by the server's code.
const FRAMING = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Records a server's answer as it came, nothing decoded (fetch would undo the content coding). */
export function record(url: string, headers: Record<string, string> = {}): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          if (!FRAMING.has(name)) pairs.push([name, res.rawHeaders[i + 1]!]);
        }
        resolve({ status: res.statusCode!, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** nginx `location` lines answering a recorded response from a file, with its headers (nginx adds its framing). */
export function toNginxLocation(path: string, file: string, answer: Recorded): string {
  const type = answer.headers.find(([k]) => k === 'content-type')?.[1] ?? 'application/octet-stream';
  const added = answer.headers.filter(([k]) => k !== 'content-type' && k !== 'content-length');
  return [
    `location = ${path} {`,
    `  types { } default_type '${type}'; etag off; if_modified_since off;`,
    ...added.map(([k, v]) => `  add_header ${k} '${v}';`),
    `  alias $dir/${file};`,
    '}',
  ].join('\n');
}
