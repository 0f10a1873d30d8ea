import type { Probe } from '../../verify/rule-result.ts';

/** How one request is made: method, headers, body, and a time limit. */
export interface ProbeRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** Follow redirects (other origins); by default a redirect is the answer, so same-host 3xx fails a 2xx rule. */
  follow?: boolean;
}

/** Sends one request and records the answer as a Probe; a network error or timeout becomes status 0 with the reason. */
export async function probe(url: string, request: ProbeRequest = {}): Promise<Probe> {
  const method = request.method ?? 'GET';
  try {
    const response = await fetch(url, {
      method,
      headers: request.headers,
      body: request.body,
      redirect: request.follow ? 'follow' : 'manual',
      signal: AbortSignal.timeout(request.timeoutMs ?? 10_000),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { method, url, status: response.status, headers, text: await response.text() };
  } catch (error) {
    return { method, url, status: 0, headers: {}, text: '', error: toReason(error) };
  }
}

/** A one-line reason for a failed fetch: the innermost cause's code or message, never a stack. */
export function toReason(error: unknown): string {
  let e = error as { cause?: unknown; code?: string; message?: string; name?: string } | undefined;
  while (e?.cause) e = e.cause as typeof e;
  if (e?.name === 'TimeoutError') return 'timed out';
  return e?.code ? `${e.code}${e.message ? `: ${e.message}` : ''}` : (e?.message ?? String(error));
}

/** Runs tasks with at most `limit` in flight; results keep the input order. */
export async function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
