import net from 'node:net';

/** One HTTP/1.1 response read off a raw connection. */
export interface RawResponse {
  status: number;
  /** Lower-cased header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

/** What came back on one connection for the bytes sent on it. */
export interface RawExchange {
  responses: RawResponse[];
  /** The server closed (or reset) the connection. */
  closed: boolean;
  /** Nothing more arrived within the time limit while a response was still expected. */
  timedOut: boolean;
  /** The status of the first response head seen, complete or not (a body broken off still had a status). */
  firstStatus?: number;
  /** Every byte that came back, as it came. */
  data: Buffer;
}

/** Parses as many complete responses as `data` holds; returns them and the bytes consumed. */
export function parseResponses(data: Buffer, headRequests = 0, closed = false): { responses: RawResponse[]; used: number } {
  const responses: RawResponse[] = [];
  let at = 0;
  for (;;) {
    const headEnd = data.indexOf('\r\n\r\n', at);
    if (headEnd < 0) break;
    const lines = data.toString('latin1', at, headEnd).split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? NaN);
    const headers: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    let bodyStart = headEnd + 4;
    let body: Buffer;
    const bodyless = responses.length < headRequests || status === 204 || status === 304 || (status >= 100 && status < 200);
    if (bodyless) body = Buffer.alloc(0);
    else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const parts: Buffer[] = [];
      let p = bodyStart;
      let complete = false;
      for (;;) {
        const lineEnd = data.indexOf('\r\n', p);
        if (lineEnd < 0) break;
        const size = parseInt(data.toString('latin1', p, lineEnd), 16);
        if (Number.isNaN(size)) return { responses, used: at };
        if (size === 0) {
          const end = data.indexOf('\r\n\r\n', lineEnd);
          if (end < 0) break;
          p = end + 4;
          complete = true;
          break;
        }
        if (data.length < lineEnd + 2 + size + 2) break;
        parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
        p = lineEnd + 2 + size + 2;
      }
      if (!complete) break;
      body = Buffer.concat(parts);
      bodyStart = p;
      responses.push({ status, headers, body });
      at = p;
      continue;
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (data.length < bodyStart + length) break;
      body = data.subarray(bodyStart, bodyStart + length);
      bodyStart += length;
    } else {
      // Delimited by the end of the connection (RFC 9112 §6.3): complete only once it closed.
      if (!closed) break;
      body = data.subarray(bodyStart);
      bodyStart = data.length;
    }
    responses.push({ status, headers, body });
    at = bodyStart;
  }
  return { responses, used: at };
}

/**
 * Sends raw bytes on a fresh connection and collects what comes back until `expect` responses arrived, the
 * server closed the connection, or nothing arrived for `timeoutMs`. `pace` splits the bytes into timed writes.
 */
export function sendRaw(
  origin: string,
  chunks: (string | Buffer)[],
  options: { expect?: number; timeoutMs?: number; paceMs?: number; headRequests?: number } = {},
): Promise<RawExchange> {
  const { port, hostname } = new URL(origin);
  const expect = options.expect ?? 1;
  const timeoutMs = options.timeoutMs ?? 5000;
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname.replace(/^\[|\]$/g, ''));
    let data = Buffer.alloc(0);
    let done = false;
    let timer: NodeJS.Timeout;
    const finish = (closed: boolean, timedOut: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const { responses } = parseResponses(data, options.headRequests, closed);
      const head = /^HTTP\/1\.[01] (\d{3})/.exec(data.toString('latin1', 0, 16));
      resolve({ responses, closed, timedOut, firstStatus: head ? Number(head[1]) : undefined, data });
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(false, true), timeoutMs);
    };
    arm();
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      arm();
      if (parseResponses(data, options.headRequests).responses.length >= expect) finish(false, false);
    });
    socket.on('close', () => finish(true, false));
    socket.on('error', () => {});
    void (async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (options.paceMs) await new Promise((r) => setTimeout(r, options.paceMs));
      }
    })();
  });
}
