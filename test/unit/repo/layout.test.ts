import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../../runtime/node/list-files.ts';
import { LONGEST_FIRST, toListedFile } from '../../helpers/longest-first-sequencer.ts';
import vitestConfig from '../../../vitest.config.ts';

/** Every relative import of every TypeScript file under a folder, as `file → imported path` (resolved); `import type` is erased at run time and not counted. */
function importsUnder(folder: string): Array<{ file: string; target: string }> {
  return listFiles(folder)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => {
      const file = join(folder, f);
      const text = readFileSync(file, 'utf8').replace(/^import type [^;]+;$/gm, '');
      return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)].map((m) => ({ file, target: join(file, '..', m[1]!) }));
    });
}

describe('where code may reach', () => {
  it('no file in proxy/ reads the content folder: the servers run on the facts the build wrote', () => {
    const offenders = importsUnder('proxy').filter((i) => i.target.startsWith(`content-model${'/'}`));
    expect(offenders).toEqual([]);
  });

  it('src/ is the Astro site alone: no module outside src/ and test/ imports from it', () => {
    const folders = readdirSync('.', { withFileTypes: true })
      .filter((d) => d.isDirectory() && !/^(\.|node_modules$|src$|test$|dist)/.test(d.name))
      .map((d) => d.name);
    expect(folders).toEqual(expect.arrayContaining(['content-model', 'documents', 'proxy', 'cli', 'sandbox']));
    const offenders = folders.flatMap((folder) => importsUnder(folder)).filter((i) => i.target.startsWith(`src${'/'}`));
    expect(offenders).toEqual([]);
  });

  it('nothing outside src/ imports astro:* (the content model, the documents and the servers run without Astro)', () => {
    const offenders = ['content-model', 'documents', 'installers', 'verify', 'runtime', 'facts'].flatMap((folder) =>
      listFiles(folder)
        .filter((f) => f.endsWith('.ts') && /from\s+['"]astro:/.test(readFileSync(join(folder, f), 'utf8')))
        .map((f) => join(folder, f)),
    );
    expect(offenders).toEqual([]);
  });

  it('the layers hold: the content model and the documents import no server, CLI or sandbox code', () => {
    const offenders = ['content-model', 'documents', 'installers']
      .flatMap((folder) => importsUnder(folder))
      .filter((i) => /^(proxy|sandbox|cli|scripts|bench|test)\//.test(i.target));
    expect(offenders).toEqual([]);
    const modelUp = importsUnder('content-model').filter((i) => /^(documents|installers|cdn|verify)\//.test(i.target));
    expect(modelUp).toEqual([]);
  });

  it('bench/ uses no test fixture: what tests and benchmarks share lives in harness/', () => {
    const offenders = importsUnder('bench').filter((i) => i.target.startsWith(`test${'/'}`));
    expect(offenders).toEqual([]);
  });

  it('runtime/ (shared by edge, sandbox and CLI) depends on nothing of theirs, nor on the build (src/)', () => {
    const offenders = importsUnder('runtime').filter((i) => /^(proxy|sandbox|cli|src|test|bench)\//.test(i.target));
    expect(offenders).toEqual([]);
  });

  it('facts/ (public paths, their content types, the build-facts and problem schemas) is the bottom layer: it imports only itself', () => {
    const offenders = importsUnder('facts').filter((i) => !i.target.startsWith(`facts${'/'}`));
    expect(offenders).toEqual([]);
  });

  it('runtime/oauth/ (bundled for the browser by the Try it panel) uses no Node built-in and nothing outside runtime/', () => {
    const files = listFiles('runtime/oauth')
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join('runtime', 'oauth', f));
    expect(files.filter((f) => /from\s+['"]node:|\bBuffer\b|\bprocess\./.test(readFileSync(f, 'utf8')))).toEqual([]);
    expect(importsUnder('runtime/oauth').filter((i) => !i.target.startsWith(`runtime${'/'}`))).toEqual([]);
  });

  it('runtime/search/ (the docs search: the build, the Node edge and the worker) uses no Node built-in and nothing outside runtime/ and facts/', () => {
    const files = listFiles('runtime/search')
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join('runtime', 'search', f));
    expect(files.filter((f) => /from\s+['"]node:|\bBuffer\b|\bprocess\./.test(readFileSync(f, 'utf8')))).toEqual([]);
    expect(importsUnder('runtime/search').filter((i) => !/^(runtime|facts)\//.test(i.target))).toEqual([]);
  });

  it('runtime/feedback/ (the feedback store of the Node edge and the worker) uses no Node built-in and nothing outside runtime/feedback/ and facts/', () => {
    const files = listFiles('runtime/feedback')
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join('runtime', 'feedback', f));
    expect(files.filter((f) => /from\s+['"]node:|\bBuffer\b|\bprocess\./.test(readFileSync(f, 'utf8')))).toEqual([]);
    expect(importsUnder('runtime/feedback').filter((i) => !/^(runtime\/feedback|facts)\//.test(i.target))).toEqual([]);
  });

  it('proxy/ loads no sandbox code by import (the local entry points start it lazily: scripts/start-upstream.ts)', () => {
    const offenders = importsUnder('proxy').filter((i) => i.target.startsWith(`sandbox${'/'}`));
    expect(offenders).toEqual([]);
  });

  it("ARCHITECTURE.md's codemap names every top-level folder of the repository, and no folder that is gone", () => {
    const map = readFileSync('ARCHITECTURE.md', 'utf8');
    const codemap = map.slice(map.indexOf('## Codemap'), map.indexOf('\n## ', map.indexOf('## Codemap') + 1));
    const named = [...codemap.matchAll(/\*\*`([a-z-]+)\/`\*\*/g)].map((m) => m[1]);
    const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.includes('/') && !f.startsWith('.'))
      .map((f) => f.split('/')[0]!);
    expect([...new Set(named)].sort()).toEqual([...new Set(tracked)].sort());
  });
});

/** The kinds of test: the first folder under test/ says what its files need, which decides the project they run in. */
const TEST_KINDS = ['unit', 'build', 'servers', 'release', 'worker', 'browser', 'clients', 'e2e', 'at-build-address'];

/** Every import of a file (relative ones resolved against it), `import type` left out. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^import type [^;]+;$/gm, '');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) =>
    m[1]!.startsWith('.') ? join(file, '..', m[1]!) : m[1]!,
  );
}

describe('the tests', () => {
  const files = execFileSync('git', ['ls-files', 'test'], { encoding: 'utf8' }).split('\n').filter(Boolean);

  it('each test file is under the folder of its kind, the source folder it tests mirrored beneath', () => {
    expect(files.filter((f) => f.endsWith('.test.ts') && !TEST_KINDS.includes(f.split('/')[1]!))).toEqual([]);
  });

  it("helpers live in test/helpers/ (the at-build-address suite's parts beside its one file)", () => {
    expect(files.filter((f) => !f.endsWith('.test.ts') && !/^test\/(helpers|at-build-address)\//.test(f))).toEqual([]);
  });

  it('test/unit/ needs no build, browser, release or server: none of its files imports what builds, serves or launches', () => {
    const launches =
      /^(node:(http|https|net)|playwright-core|miniflare|wrangler|sandbox\/|proxy\/node\/(listen|start-node-door|upstream-pool)\.ts|harness\/free-port\.ts|test\/helpers\/(built-site|test-build|global-setup|sandbox-fixture|document-server|sandbox-process)\.ts|test\/helpers\/(browser|cli|clients|installers)\/)/;
    const offenders = listFiles('test/unit')
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        importsOf(join('test/unit', f))
          .filter((target) => launches.test(target))
          .map((target) => `${f} → ${target}`),
      );
    expect(offenders).toEqual([]);
  });
});

describe('the test run', () => {
  it('starts with files that exist: each file the sequencer puts first is a test file of a project of the run', () => {
    const projects = (vitestConfig.test!.projects as Array<{ test: { name: string } }>).map((p) => p.test.name);
    expect(
      LONGEST_FIRST.filter(
        (entry) =>
          !projects.includes(entry.slice(0, entry.indexOf(' '))) || !existsSync(toListedFile(entry)) || !entry.endsWith('.test.ts'),
      ),
    ).toEqual([]);
  });
});
