import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { getRssMiB } from '../../harness/process-stats.ts';
import { getFreePort } from '../../harness/free-port.ts';
import { buildDist } from '../../harness/build-dist.ts';
import type { BenchConfig } from '../lib/bench-config.ts';
import { compareCpu, type CpuTarget } from '../lib/cpu-compare.ts';
import type { LoadTarget } from '../lib/load.ts';
import { startNginx } from '../lib/nginx.ts';
import { record, toNginxLocation, type Recorded } from '../lib/record.ts';
import { num, ratio, toTable, verdict } from '../lib/report.ts';
import { placeForMeasuring } from '../lib/pin-cpus.ts';
import { EDGE_ARGS, spawnServer, type ChildServer } from '../lib/spawn-server.ts';
import { provideTools } from '../lib/wrk.ts';

const rpc = (method: string, params: object) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const BR = { 'accept-encoding': 'br, gzip' };
const STATIC: [string, string, Record<string, string>][] = [
  ['GET /llms.txt', '/llms.txt', {}],
  ['GET /llms.txt, br', '/llms.txt', BR],
  ['GET /docs/overview (HTML)', '/docs/overview', {}],
  ['GET /docs/overview (HTML), br', '/docs/overview', BR],
  ['GET /docs/overview (twin, Accept: text/markdown)', '/docs/overview', { accept: 'text/markdown' }],
  ['GET /docs/overview (twin), br', '/docs/overview', { accept: 'text/markdown', ...BR }],
  ['GET /api/health', '/api/health', {}],
];
const loadAvg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * CPU time per answered request of each server process (utime + stime from /proc before and after one fixed wrk
 * load), medians of interleaved runs: the edge as deployed (access log on, metrics on their own port) and with both
 * off, against bare node:http and nginx answering the same recorded bytes and headers; MCP forwarding to a fast
 * stand-in against a keep-alive node:http pipe proxy and nginx proxy_pass. Then memory after the load.
 */
export async function benchEdgeCpu(config: BenchConfig, sandboxUrl: string, sandboxToken: string): Promise<string> {
  provideTools(['wrk', 'nginx']);
  const load = { connections: config.BENCH_CONNECTIONS, seconds: config.BENCH_DURATION };
  const scratch = mkdtempSync(join(tmpdir(), 'warden-cpu-'));
  const servers: ChildServer[] = [];
  const started = loadAvg();
  let unplace = () => {};
  try {
    // The real tools/list and tools/call answers, recorded from the sandbox, replayed by the stand-in.
    const capture = async (body: string, token?: string) => {
      const res = await fetch(`${sandboxUrl}/mcp`, {
        method: 'POST',
        headers: { ...MCP_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });
      return { type: res.headers.get('content-type') ?? 'application/json', body: Buffer.from(await res.arrayBuffer()).toString('base64') };
    };
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256', use: 'sig' }] };
    writeFileSync(
      join(scratch, 'standin.json'),
      JSON.stringify({
        list: await capture(rpc('tools/list', {})),
        call: await capture(rpc('tools/call', { name: 'get_account', arguments: {} }), sandboxToken),
        jwks,
      }),
    );
    const standinPort = await getFreePort();
    const standin = await spawnServer(
      'bench/serve/mcp-standin.ts',
      { PORT: String(standinPort), STANDIN: join(scratch, 'standin.json') },
      `http://127.0.0.1:${standinPort}`,
      '/jwks',
    );
    servers.push(standin);

    // The real build for the edge's address and the stand-in; the edge runs as `npm run serve` does (its bundle).
    const [edgePort, quietPort] = [await getFreePort(), await getFreePort()];
    const base = `http://127.0.0.1:${edgePort}`;
    const dist = await buildDist({ baseUrl: base, appUrl: standin.url, issuer: standin.url });
    const env = {
      HOST: '127.0.0.1',
      BASE_URL: base,
      APP_URL: standin.url,
      AUTH_ISSUER: standin.url,
      TOKEN_JWKS_URL: `${standin.url}/jwks`,
      WARDEN_OUT_DIR: dist,
    };
    const deployed = await spawnServer(
      EDGE_ARGS,
      { ...env, PORT: String(edgePort), LOG_LEVEL: 'info', METRICS_PORT: '0' },
      base,
      '/api/health',
    );
    servers.push(deployed);
    const quietUrl = `http://127.0.0.1:${quietPort}`;
    const quiet = await spawnServer(
      EDGE_ARGS,
      { ...env, PORT: String(quietPort), LOG_LEVEL: 'warn', METRICS_PORT: 'off' },
      quietUrl,
      '/api/health',
    );
    servers.push(quiet);

    // The edge's answers, recorded; bare node:http and nginx answer them at /t0, /t1, …
    const recorded: Recorded[] = [];
    for (const [, path, headers] of STATIC) recorded.push(await record(`${base}${path}`, headers));
    writeFileSync(
      join(scratch, 'replay.json'),
      JSON.stringify(Object.fromEntries(recorded.map((r, i) => [`/t${i}`, { ...r, body: r.body.toString('base64') }]))),
    );
    const barePort = await getFreePort();
    const bare = await spawnServer(
      'bench/serve/replay.ts',
      { PORT: String(barePort), REPLAY: join(scratch, 'replay.json') },
      `http://127.0.0.1:${barePort}`,
      '/t0',
    );
    servers.push(bare);
    const nginx = await startNginx(await getFreePort(), {
      http: `upstream standin { server 127.0.0.1:${standinPort}; keepalive 64; }`,
      locations: [
        ...recorded.map((r, i) => toNginxLocation(`/t${i}`, `t${i}`, r)),
        'location = /mcp { proxy_pass http://standin; proxy_http_version 1.1; proxy_set_header Connection ""; }',
      ].join('\n'),
      files: Object.fromEntries(recorded.map((r, i) => [`t${i}`, r.body])),
    });
    servers.push(nginx);
    const pipePort = await getFreePort();
    const pipe = await spawnServer(
      'bench/serve/plain-proxy.ts',
      { PORT: String(pipePort), TARGET: standin.url },
      `http://127.0.0.1:${pipePort}`,
    );
    servers.push(pipe);

    const compare = (targets: Record<string, CpuTarget>) => compareCpu(config, load, targets);

    const placement = placeForMeasuring(
      [deployed, quiet, bare, nginx, pipe].map((server) => server.pid),
      [standin.pid],
    );
    unplace = placement.restore;
    const staticRows: (string | number)[][] = [];
    const wire: (string | number)[][] = [];
    for (const [i, [name, path, headers]] of STATIC.entries()) {
      const { us, bad } = await compare({
        edge: { server: deployed, target: { url: `${base}${path}`, headers } },
        quiet: { server: quiet, target: { url: `${quietUrl}${path}`, headers } },
        bare: { server: bare, target: { url: `${bare.url}/t${i}` } },
        nginx: { server: nginx, target: { url: `${nginx.url}/t${i}` } },
      });
      const [edge, off, ref, ngx] = [us.edge!, us.quiet!, us.bare!, us.nginx!];
      staticRows.push([
        name,
        num(edge, 1),
        num(off, 1),
        num(ref, 1),
        num(ngx, 1),
        ratio(edge, ref),
        ratio(off, ref),
        '≤ 1.3×',
        `${verdict(edge / ref <= 1.3)} / ${verdict(off / ref <= 1.3)}`,
        bad,
      ]);
      if (path !== '/api/health')
        wire.push([name, num(recorded[i]!.body.length), recorded[i]!.headers.find(([k]) => k === 'content-encoding')?.[1] ?? 'identity']);
    }

    const token = await new SignJWT({ scope: 'warden:access', client_id: 'bench' })
      .setProtectedHeader({ alg: 'ES256', kid: 'bench', typ: 'at+jwt' })
      .setIssuer(standin.url)
      .setAudience(base)
      .setSubject('bench')
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(privateKey);
    const post = (url: string, body: string, auth?: string): LoadTarget => ({
      url,
      method: 'POST',
      headers: { ...MCP_HEADERS, ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      body,
    });
    const list = rpc('tools/list', {});
    const call = rpc('tools/call', { name: 'get_account', arguments: {} });
    const mcp = await compare({
      edge: { server: deployed, target: post(`${base}/mcp`, list) },
      quiet: { server: quiet, target: post(`${quietUrl}/mcp`, list) },
      pipe: { server: pipe, target: post(`${pipe.url}/mcp`, list) },
      nginx: { server: nginx, target: post(`${nginx.url}/mcp`, list) },
      edgeCall: { server: deployed, target: post(`${base}/mcp`, call, token) },
      quietCall: { server: quiet, target: post(`${quietUrl}/mcp`, call, token) },
    });
    const m = mcp.us as Record<string, number>;
    const mcpRows = [
      [
        'tools/list, no credential (public)',
        num(m.edge!, 1),
        num(m.quiet!, 1),
        num(m.pipe!, 1),
        num(m.nginx!, 1),
        `${ratio(m.edge!, m.pipe!)} / ${ratio(m.quiet!, m.pipe!)}`,
        '≤ 1.2× the pipe proxy',
        `${verdict(m.edge! / m.pipe! <= 1.2)} / ${verdict(m.quiet! / m.pipe! <= 1.2)}`,
      ],
      [
        'tools/call get_account, verified Bearer token',
        num(m.edgeCall!, 1),
        num(m.quietCall!, 1),
        '–',
        '–',
        `${ratio(m.edgeCall!, m.edge!)} / ${ratio(m.quietCall!, m.quiet!)} of tools/list`,
        '≤ 1.1× tools/list',
        `${verdict(m.edgeCall! / m.edge! <= 1.1)} / ${verdict(m.quietCall! / m.quiet! <= 1.1)}`,
      ],
    ];
    const afterLoad = { edge: getRssMiB(deployed.pid), quiet: getRssMiB(quiet.pid) };
    unplace();

    const ended = loadAvg();
    return [
      "## The edge at Node's limit: CPU per request and memory",
      '',
      `CPU time (utime + stime of the server process from /proc) per answered request over one wrk load (1 thread, ${load.connections} connections, ${load.seconds} s), median of ${config.BENCH_RUNS} interleaved runs after a ${config.BENCH_WARMUP} s warm-up. "edge" is \`npm run serve\` as deployed (access log on, one JSON line per request to stdout, here /dev/null; metrics on their own port); "quiet" is the same with the access log and metrics off. The references answer the same recorded bytes and headers (the edge's own answers, recorded first) from memory: bare \`node:http\` (bench/serve/replay.ts) and nginx 1.22 (one process, \`master_process off\`, access log off). Load average before ${started}, after ${ended}. ${placement.said}`,
      '',
      toTable(
        [
          'request',
          'edge µs',
          'quiet µs',
          'bare node:http µs',
          'nginx µs',
          'edge / bare',
          'quiet / bare',
          'goal',
          'verdict (edge / quiet)',
          'non-2xx',
        ],
        staticRows,
      ),
      '',
      `MCP forwarding to a stand-in upstream (bench/serve/mcp-standin.ts: node:http answering the sandbox's real tools/list and tools/call bytes, keep-alive); only the measured server's CPU counts. The pipe proxy is bench/serve/plain-proxy.ts (keep-alive node:http, no checks); nginx is \`proxy_pass\` to an upstream with \`keepalive 64\`. The token is ES256, verified against the stand-in's JWKS (the verification is cached per token until it expires). Non-2xx: ${mcp.bad}.`,
      '',
      toTable(
        ['request', 'edge µs', 'quiet µs', 'pipe proxy µs', 'nginx µs', 'ratio (edge / quiet)', 'goal', 'verdict (edge / quiet)'],
        mcpRows,
      ),
      '',
      'Bytes on the wire (the body as sent, by the coding Accept-Encoding chose):',
      '',
      toTable(['request', 'bytes', 'content-encoding'], wire),
      '',
      `RSS after the load above: edge ${num(afterLoad.edge, 0)} MiB, quiet ${num(afterLoad.quiet, 0)} MiB.`,
    ].join('\n');
  } finally {
    unplace();
    for (const server of servers.reverse()) await server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
