import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getFreePort } from '../../../harness/free-port.ts';
import { readDist, toEtag } from '../../../proxy/node/read-dist.ts';
import { RELEASES_PATH } from '../../../facts/paths.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../sandbox/start.ts';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { PATHS, toSkillPath } from '../../../facts/paths.ts';
import { toInstaller } from '../../../installers/to-installer.ts';
import { toAgentSkillsIndex } from '../../../documents/to-agent-skills-index.ts';
import { toSkillMd } from '../../../documents/to-skill-md.ts';
import { DIST } from '../built-site.ts';
import { startEdgeInFront, toDocsFiles } from '../edge-in-front.ts';
import { makeDataDir } from '../sandbox-fixture.ts';
import { TEST_SIGNING_KEY } from './warden-binary.ts';

/** The whole local system as `npm start` wires it, on free loopback ports, for one test file. */
export interface LocalSystem {
  /** The edge's base URL: what `warden` is pointed at (`WARDEN_BASE_URL`). */
  baseUrl: string;
  sandbox: RunningSandbox;
  /** `<sandbox>/releases/cli`: the release archive the installer downloads from. */
  releaseArchive: string;
  /** A fresh registration code from the sandbox's scripting endpoint. */
  mintCode(): Promise<string>;
  /** Stops the sandbox (the upstream goes away); `startSandbox` brings it back on the same port and data. */
  stopSandbox(): Promise<void>;
  /** Restarts it; `rotateKeys` makes it sign with a new key, so every access token issued before is refused. */
  restartSandbox(o?: { rotateKeys?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the sandbox (serving `releaseDir`) and the edge in front of it, with the test build's documents; with `docs`,
 * also what the docs MCP server reads of the test build, so the edge answers `/mcp/docs` too.
 */
export async function startLocalSystem(o: { releaseDir: string; accessTokenTtl?: number; docs?: boolean }): Promise<LocalSystem> {
  const [port, sandboxPort] = [await getFreePort(), await getFreePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  const data = makeDataDir();
  const options: SandboxOptions = {
    host: '127.0.0.1',
    port: sandboxPort,
    baseUrl,
    dataDir: data.dataDir,
    log: () => {},
    releaseDir: resolve(o.releaseDir),
    accessTokenTtl: o.accessTokenTtl,
  };
  let sandbox = await startSandbox(options);
  const releaseArchive = `${sandbox.url}${RELEASES_PATH}`;
  const content = readContent(getContentDir(), {
    BASE_URL: baseUrl,
    APP_URL: sandbox.url,
    AUTH_ISSUER: sandbox.issuer,
    RELEASE_ARCHIVE: releaseArchive,
    RELEASE_PUBLIC_KEY: TEST_SIGNING_KEY.publicKeyLine,
    // As `npm start` builds its site: the installer pins the release the sandbox serves.
    RELEASE_DIR: resolve(o.releaseDir),
  });
  const installer = new TextEncoder().encode(
    toInstaller(content.site, readFileSync(resolve('installers/install.sh'), 'utf8'), content.release),
  );
  // Besides the protected-resource documents: the installer of this build, the built tool list, and the Agent Skills
  // (index and SKILL.md) the build would write for this address, made by the build's own functions.
  const skills = [
    { path: PATHS.agentSkillsIndex, body: JSON.stringify(toAgentSkillsIndex(content)) },
    ...content.skills.map((skill) => ({ path: toSkillPath(skill.name), body: toSkillMd(content, skill) })),
  ];
  // The build's twins come first: its SKILL.md names the build's address, so this system's own (after it) replaces it.
  const edge = await startEdgeInFront(port, { url: sandbox.url, issuer: sandbox.issuer, jwksUri: sandbox.jwksUri }, [
    ...(o.docs ? toDocsFiles(DIST) : []),
    { path: PATHS.install, body: installer, etag: toEtag(installer) },
    readDist(DIST).find((f) => f.path === PATHS.toolsJson)!,
    ...skills,
  ]);
  let running = true;
  const stopSandbox = async () => {
    if (running) await sandbox.close();
    running = false;
  };
  return {
    baseUrl,
    get sandbox() {
      return sandbox;
    },
    releaseArchive,
    async mintCode() {
      const response = await fetch(`${sandbox.url}/registration-codes`, { method: 'POST' });
      return ((await response.json()) as { registration_code: string }).registration_code;
    },
    stopSandbox,
    async restartSandbox(r = {}) {
      await stopSandbox();
      if (r.rotateKeys) rmSync(join(data.dataDir, 'secrets.json'));
      sandbox = await startSandbox(options);
      running = true;
    },
    async close() {
      await edge.close();
      await stopSandbox();
      data.remove();
    },
  };
}
