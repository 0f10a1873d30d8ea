import type { Operation } from '../schemas/operation.ts';
import { toUrl } from './paths.ts';

/** A runnable curl command for an operation, with its request example when it has a body. */
export function toCurlExample(op: Operation, baseUrl: string): string {
  const url = toUrl(baseUrl, op.path);
  if (!op.requestBody) return `curl -sS ${op.method === 'get' ? '' : `-X ${op.method.toUpperCase()} `}${url}`;
  const [type, media] = Object.entries(op.requestBody.content)[0] ?? ['application/json', {}];
  const body = JSON.stringify((media as { example?: unknown }).example ?? {});
  return [
    `curl -sS -X ${op.method.toUpperCase()} ${url} \\`,
    `  -H 'Content-Type: ${type}' \\`,
    `  -H 'Accept: application/json, text/event-stream' \\`,
    `  -d '${body}'`,
  ].join('\n');
}
