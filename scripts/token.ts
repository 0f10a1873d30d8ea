import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { discoverAuthorizationServer } from '../runtime/oauth/authorization-server.ts';
import { getClientCredentialsToken } from '../runtime/oauth/client-credentials-token.ts';
import { discoverProtectedResource } from '../runtime/oauth/protected-resource.ts';
import { registerWorkloadClient, type RegisteredWorkloadClient } from '../runtime/oauth/register-workload-client.ts';
import { LOCAL, toLocalUrl } from '../runtime/local-defaults.ts';
import { readContent } from '../content-model/read-content.ts';

const { site } = readContent();
const operator = process.argv.includes('--operator');
const unknown = process.argv.slice(2).filter((arg) => arg !== '--operator');
if (unknown.length > 0) {
  console.error(`npm run token: unknown argument ${unknown[0]} (the only one is --operator)`);
  process.exit(2);
}

// `npm run token`: a short-lived sandbox access token for curl and the MCP Inspector, issued for the edge's base
// URL, the resource of `<base URL>/mcp` that the docs' examples call (the sandbox accepts it too, RFC 8707).
// `npm run token -- --operator`: one with the operator scope alone, for the operator's view of feedback.
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
  const { resource, issuer, scopes: supported } = await discoverProtectedResource(fetch, new URL(base));
  // The operator scope only when asked for: an ordinary token must be refused by the operator's view (403).
  const scopes = operator ? [site.operator_scope] : supported.filter((s) => s !== site.operator_scope);
  const as = await discoverAuthorizationServer(fetch, issuer);
  const saved: RegisteredWorkloadClient | undefined = existsSync(cache) ? JSON.parse(readFileSync(cache, 'utf8'))[issuer] : undefined;
  // A client registered before a scope existed cannot be granted it: such a client is registered anew.
  const cached = saved && scopes.every((s) => saved.scope?.split(' ').includes(s) ?? true) ? saved : undefined;
  const register = async (): Promise<RegisteredWorkloadClient> => {
    const { registration_code } = (await (await fetch(`${sandbox}/registration-codes`, { method: 'POST' })).json()) as {
      registration_code: string;
    };
    const client = await registerWorkloadClient(fetch, as, { code: registration_code, clientName: 'npm run token', scopes: supported });
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
