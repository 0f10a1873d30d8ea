import type { Operation } from '../content-model/schemas/operation.ts';
import { toExampleUrl } from './to-example-url.ts';

/** A runnable curl command for an operation, with its request example when it has a body. */
export function toCurlExample(op: Operation, baseUrl: string): string {
  const example = toExampleUrl(op, baseUrl);
  // A query string is quoted for the shell (URLSearchParams leaves no quote in it).
  const url = example.includes('?') ? `'${example}'` : example;
  if (!op.requestBody) return `curl -sS ${op.method === 'get' ? '' : `-X ${op.method.toUpperCase()} `}${url}`;
  const [type, media] = Object.entries(op.requestBody.content)[0] ?? ['application/json', {}];
  // Close, escape and reopen the single quotes around -d, so an apostrophe in the example keeps the command valid.
  const body = JSON.stringify((media as { example?: unknown }).example ?? {}).replace(/'/g, "'\\''");
  return [
    `curl -sS -X ${op.method.toUpperCase()} ${url} \\`,
    `  -H 'Content-Type: ${type}' \\`,
    `  -H 'Accept: application/json, text/event-stream' \\`,
    `  -d '${body}'`,
  ].join('\n');
}
