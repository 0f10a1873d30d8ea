/**
 * Loopback comparison of three forwarders inside the web door (the h3 app over node:http, as `npm run dev` serves it):
 * how node:http was chosen. Run: node_modules/.bin/node bench/forwarders/compare-forwarders.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from 'h3/node';
// @ts-expect-error autocannon ships no type declarations
import autocannon from 'autocannon';
import { createApp } from '../../proxy/create-app.ts';
import { listen } from '../../proxy/node/listen.ts';
import { createPoolForwarder } from '../../proxy/node/pool-forwarder.ts';
import { createUpstreamPool } from '../../proxy/node/upstream-pool.ts';
import { createUndiciForwarder } from './undici-forwarder.ts';
import { createFetchForwarder } from '../../proxy/forward/fetch-forwarder.ts';
import { readContent } from '../../content-model/read-content.ts';
import { toBuildFacts } from '../../documents/to-build-facts.ts';
import { readEnv, toAppConfig } from '../../proxy/config.ts';
import type { Forwarder } from '../../proxy/forward/forwarder.ts';

const up = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}');
  });
});
await new Promise<void>((r) => up.listen(0, '127.0.0.1', r));
const appUrl = `http://127.0.0.1:${(up.address() as AddressInfo).port}`;
const nodeHttpPool = createUpstreamPool({ timeoutMs: 30000 });
const nodeHttp = createPoolForwarder(nodeHttpPool.dispatch);
const config = toAppConfig(readEnv({}), toBuildFacts(readContent(), 'bench'), { appUrl, issuer: appUrl });
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const run = async (name: string, forward: Forwarder) => {
  const handle = toNodeHandler(createApp(config, { files: new Map(), forward }));
  const edge = await listen((req, res) => void handle(req, res), '127.0.0.1', 0);
  await autocannon({
    url: `${edge.url}/mcp`,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    duration: 2,
    connections: 50,
  });
  const r = await autocannon({
    url: `${edge.url}/mcp`,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    duration: 5,
    connections: 50,
  });
  console.log(name, Math.round(r.requests.average), 'req/s', 'p99', r.latency.p99, 'ms', 'errors', r.errors, 'non2xx', r.non2xx);
  await edge.close();
};
const direct = await autocannon({ url: `${appUrl}/mcp`, method: 'POST', body, duration: 3, connections: 50 });
console.log('upstream alone', Math.round(direct.requests.average));
await run('undici.request', createUndiciForwarder({ timeoutMs: 30000 }));
await run('node:http', nodeHttp);
await run('fetch', createFetchForwarder({ timeoutMs: 30000 }));
up.close();
up.closeAllConnections();
await nodeHttpPool.close();
process.exit(0);
