import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { superviseServer, type ChildServer } from './spawn-server.ts';

/**
 * nginx, the reference self-hosters pick, as one foreground process (`master_process off`: the process that answers
 * is the one measured), listening on 127.0.0.1:port, logs off. `http` goes in the http block, `locations` in the
 * server; `files` are written to its folder first (locations name them as `$dir/<name>`).
 */
export async function startNginx(
  port: number,
  setup: { http?: string; locations: string; files?: Record<string, Buffer> },
): Promise<ChildServer> {
  const dir = mkdtempSync(join(tmpdir(), 'warden-nginx-'));
  mkdirSync(join(dir, 'logs'));
  for (const [name, body] of Object.entries(setup.files ?? {})) writeFileSync(join(dir, name), body);
  writeFileSync(join(dir, 'locations.conf'), setup.locations.replaceAll('$dir', dir));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      'master_process off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'logs', 'error.log')} error;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off; server_tokens off; keepalive_requests 100000;',
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      setup.http ?? '',
      `  server { listen 127.0.0.1:${port}; include ${join(dir, 'locations.conf')}; }`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn('/usr/sbin/nginx', ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  // SIGQUIT is nginx's graceful stop.
  const server = await superviseServer(child, {
    name: 'nginx',
    url: `http://127.0.0.1:${port}`,
    readyTimeoutMs: 10_000,
    stopSignal: 'SIGQUIT',
  });
  return {
    ...server,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
