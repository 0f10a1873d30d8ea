/** Where the whole system runs on one machine by default (`npm start`): loopback only. */
export const LOCAL = { host: '127.0.0.1', edgePort: 4321, sandboxPort: 4322 } as const;

/** `http://127.0.0.1:<port>`: a local default address. */
export function toLocalUrl(port: number): string {
  return `http://${LOCAL.host}:${port}`;
}
