import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { discoverAuthorizationServer } from '../runtime/oauth/authorization-server.ts';
import { getClientCredentialsToken } from '../runtime/oauth/client-credentials-token.ts';
import { discoverProtectedResource } from '../runtime/oauth/protected-resource.ts';
import { registerWorkloadClient, type RegisteredWorkloadClient } from '../runtime/oauth/register-workload-client.ts';
import { LOCAL, toLocalUrl } from '../runtime/local-defaults.ts';

// `npm run token`: a short-lived sandbox access token for curl and the MCP Inspector, issued for the edge's base
// URL, the resource of `<base URL>/mcp` that the docs' examples call (the sandbox accepts it too, RFC 8707).
const env = z
  .object({
    BASE_URL: z.url({ protocol: /^https?$/ }).default(toLocalUrl(Number(process.env.PORT ?? LOCAL.edgePort))),
    SANDBOX_URL: z.url({ protocol: /^https?$/ }).default(toLocalUrl(Number(process.env.SANDBOX_PORT ?? LOCAL.sandboxPort))),
    SANDBOX_DATA_DIR: z.string().min(1).default('.data/sandbox'),
  })
  .parse(process.env);
const sandbox = env.SANDBOX_URL.replace(/\/$/, '');
const base = env.BASE_URL.replace(/\/$/, '');
const cache = resolve(env.SANDBOX_DATA_DIR, 'token-client.json');

async function main(): Promise<void> {
  // RFC 9728: the edge's metadata names its resource and the authorization server (the sandbox); RFC 8414 its endpoints.
  const { resource, issuer, scopes } = await discoverProtectedResource(fetch, new URL(base));
  const as = await discoverAuthorizationServer(fetch, issuer);
  const cached: RegisteredWorkloadClient | undefined = existsSync(cache) ? JSON.parse(readFileSync(cache, 'utf8'))[issuer] : undefined;
  const register = async (): Promise<RegisteredWorkloadClient> => {
    const { registration_code } = (await (await fetch(`${sandbox}/registration-codes`, { method: 'POST' })).json()) as {
      registration_code: string;
    };
    const client = await registerWorkloadClient(fetch, as, { code: registration_code, clientName: 'npm run token', scopes });
    mkdirSync(dirname(cache), { recursive: true });
    writeFileSync(cache, JSON.stringify({ [issuer]: client }), { mode: 0o600 });
    return client;
  };
  const get = (client: RegisteredWorkloadClient) => getClientCredentialsToken(fetch, as, client, resource, scopes);
  // A cached client the sandbox no longer knows (its data folder was reset) is registered anew, once.
  const token = cached ? await get(cached).catch(async () => get(await register())) : await get(await register());
  console.error(`# expires in ${token.expires_in}s; scopes: ${token.scope}; audience: ${resource}`);
  console.log(token.access_token);
}

main().catch((error: Error) => {
  console.error(`Could not get a sandbox token for ${base} from ${sandbox} (is \`npm start\` running?): ${error.message}`);
  process.exit(1);
});
