/**
 * How request checks read a header, whichever runtime carries the request: web `Headers` is one, and the Node fast
 * paths give node:http's parsed headers the same shape (proxy/node/node-headers.ts). Names are lower case; a field
 * sent on several lines reads as their values joined by ", " (RFC 9110 §5.3), as `Headers.get` gives it.
 */
export interface HeaderLookup {
  get(name: string): string | null;
}
