import type { Operation } from '../content-model/schemas/operation.ts';
import { toExampleUrl } from './to-example-url.ts';

/** How the success response's body is best read: JSON documents with `.json()`, the rest with `.text()`. */
function readerOf(op: Operation): 'json' | 'text' {
  const ok = Object.entries(op.responses).find(([status]) => status.startsWith('2'))?.[1];
  const types = Object.keys(ok?.content ?? {});
  return types.length > 0 && types.every((t) => /json/.test(t)) ? 'json' : 'text';
}

/** A JSON value as a TypeScript literal (single-quoted strings, bare keys where they are identifiers) that evaluates back to it. */
function toLiteral(value: unknown): string {
  const str = (s: string) => `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return `[${value.map(toLiteral).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : str(k)}: ${toLiteral(v)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return JSON.stringify(value) ?? 'null';
}

/** A runnable TypeScript `fetch` call for an operation (the counterpart of toCurlExample), with its request example. */
export function toFetchExample(op: Operation, baseUrl: string): string {
  const url = toExampleUrl(op, baseUrl);
  const read = readerOf(op);
  const lines: string[] = [];
  if (!op.requestBody) {
    lines.push(
      op.method === 'get'
        ? `const response = await fetch('${url}');`
        : `const response = await fetch('${url}', { method: '${op.method.toUpperCase()}' });`,
    );
  } else {
    const [type, media] = Object.entries(op.requestBody.content)[0] ?? ['application/json', {}];
    const body = toLiteral((media as { example?: unknown }).example ?? {});
    lines.push(
      `const response = await fetch('${url}', {`,
      `  method: '${op.method.toUpperCase()}',`,
      `  headers: {`,
      `    'Content-Type': '${type}',`,
      `    Accept: 'application/json, text/event-stream',`,
      `  },`,
      `  body: JSON.stringify(${body}),`,
      `});`,
    );
  }
  lines.push(
    `if (!response.ok) throw new Error(\`\${response.status} \${await response.text()}\`);`,
    read === 'json' ? `const body = await response.json();` : `const body = await response.text();`,
    `console.log(body);`,
  );
  return lines.join('\n');
}
