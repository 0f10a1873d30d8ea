import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../runtime/node/list-files.ts';

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
    const offenders = importsUnder('proxy').filter((i) => i.target === join('src', 'content', 'read-content.ts'));
    expect(offenders).toEqual([]);
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

  it('proxy/ loads no sandbox code by import (the sandbox is started as its own module, lazily, by proxy/node/sandbox.ts)', () => {
    const offenders = importsUnder('proxy').filter((i) => i.target.startsWith(`sandbox${'/'}`));
    expect(offenders).toEqual([]);
  });
});
