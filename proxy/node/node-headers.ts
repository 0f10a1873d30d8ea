import type { IncomingMessage } from 'node:http';
import type { HeaderLookup } from '../../runtime/http/header-lookup.ts';

/**
 * Fields node:http keeps only the first line of (or, for Cookie, joins with "; "), where web `Headers` joins every
 * line with ", " (node:http message.headers; Fetch standard: get a header value). Their raw lines are read instead,
 * so a repeated Authorization reads the same on the Node door as on the web door, and is refused the same way.
 */
const NOT_COMMA_JOINED: ReadonlySet<string> = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'cookie',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/** Every raw line of one field, joined by ", " when it was sent more than once. */
function joinRawLines(raw: string[], name: string, first: string): string {
  let joined: string | undefined;
  let seen = 0;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    joined = seen++ === 0 ? raw[i + 1]! : `${joined}, ${raw[i + 1]!}`;
  }
  return seen > 1 ? joined! : first;
}

/** A request's headers read as web `Headers.get` reads them (runtime/http/header-lookup.ts), without building one. */
export function toHeaderLookup(req: IncomingMessage): HeaderLookup {
  return {
    get(name) {
      const value = req.headers[name];
      if (value === undefined) return null;
      if (typeof value !== 'string') return value.join(', ');
      return NOT_COMMA_JOINED.has(name) ? joinRawLines(req.rawHeaders, name, value) : value;
    },
  };
}
