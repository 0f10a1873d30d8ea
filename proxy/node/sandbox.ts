/** The demo sandbox as `sandbox/start.ts` exports it (the embedded stand-in for `{app_url}`). */
export interface Sandbox {
  url: string;
  issuer: string;
  jwksUri: string;
  close(): Promise<void>;
}

/** Options `startSandbox` takes. */
export interface SandboxOptions {
  host: string;
  port: number;
  baseUrl: string;
  dataDir?: string;
  /** Access-token lifetime in seconds (SANDBOX_ACCESS_TOKEN_TTL). */
  accessTokenTtl?: number;
  /** The CLI release folder the sandbox serves at `/releases/cli`. */
  releaseDir?: string;
}

/** Starts the sandbox, imported only now so a server with APP_URL never loads it. */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const path = '../../sandbox/start.ts';
  const module = (await import(path)) as { startSandbox?: (o: SandboxOptions) => Promise<Sandbox> };
  if (typeof module.startSandbox !== 'function') throw new Error('sandbox/start.ts does not export startSandbox');
  return module.startSandbox(options);
}
