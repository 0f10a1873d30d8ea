import { OAuthClientError } from './oauth-client-error.ts';

/** The fetch every core takes injected (the global one in the binary and the browser; tests may pass another real one). */
export type Fetch = typeof fetch;

const TIMEOUT_MS = 15_000;

/**
 * The system error code of a failed fetch (`ECONNREFUSED`, …): Node's fetch puts it on the error's cause,
 * Bun's (the binary's runtime) on the error itself. Undefined when the error is not a network failure.
 */
export function toNetworkCode(error: unknown): string | undefined {
  const e = error as { name?: string; code?: unknown; cause?: { code?: unknown } };
  if (e?.name !== 'TypeError') return undefined;
  const code = e.cause?.code ?? e.code;
  return typeof code === 'string' ? code : undefined;
}

/** The reason a request never got a response, in words: refused, unknown host, timed out. */
export function toNetworkReason(error: unknown): string {
  const cause = (error as { cause?: { message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  const code = toNetworkCode(error);
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host';
  return code ?? cause?.message ?? (error as Error).message;
}

/** fetch with a time limit; a request that gets no response becomes `ERR_UNREACHABLE` naming the origin. */
export async function request(fetcher: Fetch, url: string | URL, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetcher(url, { ...init, signal: init.signal ?? AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new OAuthClientError(`cannot reach ${new URL(url).origin}: ${toNetworkReason(error)}`, 'ERR_UNREACHABLE');
  }
}

/** Reads a response body as a JSON object, or fails naming what was expected. */
export async function readJsonObject(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new OAuthClientError(
    `${what} at ${response.url || 'the server'} is not a JSON object (HTTP ${response.status})`,
    'ERR_BAD_DOCUMENT',
  );
}

/** GETs a JSON document that must answer 200. */
export async function getJson(fetcher: Fetch, url: string | URL, what: string): Promise<Record<string, unknown>> {
  const response = await request(fetcher, url, { headers: { accept: 'application/json' } });
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new OAuthClientError(`${what} at ${String(url)} answered HTTP ${response.status}`, 'ERR_BAD_DOCUMENT');
  }
  return readJsonObject(response, what);
}
