import type { Operation } from '../content-model/schemas/operation.ts';
import { toUrl } from '../facts/paths.ts';

/**
 * The address an operation's examples call: its path on the base URL, with each query parameter that has an example
 * (`schema.example`) in the query string, so a GET that needs one (`/api/search?q=…`) is runnable as written.
 */
export function toExampleUrl(op: Operation, baseUrl: string): string {
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const example = (p.schema as { example?: unknown }).example;
    if (p.in === 'query' && example !== undefined) query.set(p.name, String(example));
  }
  const search = query.toString();
  return `${toUrl(baseUrl, op.path)}${search ? `?${search}` : ''}`;
}
