import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readContent } from '../../content-model/read-content.ts';
import { ContentError } from '../../content-model/content-error.ts';
import { loadAstroConfig } from '../helpers/astro-config.ts';
import { runAstroBuild } from '../../scripts/run-build.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A copy of the real content in a temp folder, changed by `edit`. */
function brokenContent(edit: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'warden-content-'));
  dirs.push(dir);
  cpSync('content', join(dir, 'content'), { recursive: true });
  edit(join(dir, 'content'));
  return join(dir, 'content');
}
const patch = (file: string, from: string | RegExp, to: string) => writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
const read = (dir: string) => () => readContent(dir, {});

describe('bad content fails with a message naming the file and field', () => {
  it('a duplicate operationId', () => {
    const dir = brokenContent((d) => cpSync(join(d, 'operations/getHealth.yaml'), join(d, 'operations/zzCopy.yaml')));
    expect(read(dir)).toThrow(/operations\/zzCopy\.yaml[\s\S]*operationId: "getHealth" is already used by .*getHealth\.yaml/);
  });

  it('an unknown placeholder in a discovery address', () => {
    const dir = brokenContent((d) => patch(join(d, 'discovery.yaml'), "href: '{base_url}/llms.txt'", "href: '{base_uri}/llms.txt'"));
    expect(read(dir)).toThrow(/discovery\.yaml[\s\S]*links\.1\.href: unknown placeholder \{base_uri\}/);
  });

  it('a docs tool with two inputs, one from an operation that does not exist, or the name of a hosted tool', () => {
    const both = brokenContent((d) =>
      patch(join(d, 'docs-tools/search_docs.yaml'), /^inputFromOperation: .*$/m, '$&\ninputSchema: { type: object }'),
    );
    expect(read(both)).toThrow(
      /docs-tools\/search_docs\.yaml[\s\S]*inputSchema: give exactly one of inputSchema, inputFromOperation and inputFromSchema/,
    );
    const unknown = brokenContent((d) =>
      patch(join(d, 'docs-tools/search_docs.yaml'), 'inputFromOperation: searchDocs', 'inputFromOperation: findDocs'),
    );
    expect(read(unknown)).toThrow(/docs-tools\/search_docs\.yaml[\s\S]*inputFromOperation: "findDocs" names no operation/);
    const taken = brokenContent((d) => {
      patch(join(d, 'docs-tools/read_docs_page.yaml'), 'name: read_docs_page', 'name: get_run');
      cpSync(join(d, 'docs-tools/read_docs_page.yaml'), join(d, 'docs-tools/get_run.yaml'));
    });
    expect(read(taken)).toThrow(/docs-tools\/get_run\.yaml[\s\S]*name: "get_run" is also a tool in content\/tools\//);
  });

  it('a tool without a description', () => {
    const dir = brokenContent((d) => patch(join(d, 'tools/get_account.yaml'), /^description: >-\n( {2}.*\n)+/m, ''));
    expect(read(dir)).toThrow(/tools\/get_account\.yaml[\s\S]*description: /);
  });

  it('a schema field without a description: in a tool, an operation and a shared schema, each named with its path', () => {
    const tool = brokenContent((d) =>
      patch(
        join(d, 'tools/get_run.yaml'),
        "cost_usd: { type: number, minimum: 0, description: 'What the step cost, in USD.' }",
        'cost_usd: { type: number, minimum: 0 }',
      ),
    );
    expect(read(tool)).toThrow(/tools\/get_run\.yaml[\s\S]*outputSchema\.properties\.steps\.items\.properties\.cost_usd: no description/);
    const operation = brokenContent((d) =>
      patch(
        join(d, 'operations/getHealth.yaml'),
        "schema: { $ref: '#/components/schemas/Health' }",
        'schema: { type: object, properties: { status: { type: string } } }',
      ),
    );
    expect(read(operation)).toThrow(
      /operations\/getHealth\.yaml[\s\S]*responses\.200\.content\.application\/json\.schema\.properties\.status: no description/,
    );
    const shared = brokenContent((d) => patch(join(d, 'schemas/McpTool.yaml'), /^description: .*\n/m, ''));
    expect(read(shared)).toThrow(/schemas\/McpTool\.yaml[\s\S]*description: say what this schema describes/);
  });

  it('a description cut short by an unquoted comma in a YAML { … } mapping: the stray member is named', () => {
    const dir = brokenContent((d) =>
      patch(
        join(d, 'tools/get_run.yaml'),
        "cost_usd: { type: number, minimum: 0, description: 'What the step cost, in USD.' }",
        'cost_usd: { type: number, minimum: 0, description: What the step cost, in USD. }',
      ),
    );
    expect(read(dir)).toThrow(
      /tools\/get_run\.yaml[\s\S]*outputSchema\.properties\.steps\.items\.properties\.cost_usd\.in USD\.: not a JSON Schema keyword/,
    );
  });

  it('an unknown scope', () => {
    const dir = brokenContent((d) => patch(join(d, 'tools/get_account.yaml'), 'scope: warden:access', 'scope: warden:admin'));
    expect(read(dir)).toThrow(/tools\/get_account\.yaml[\s\S]*scope: unknown scope "warden:admin"/);
  });

  it('a bad site value', () => {
    const dir = brokenContent((d) => patch(join(d, 'site.yaml'), 'hosted_starts: 500', 'hosted_starts: lots'));
    const error = (() => {
      try {
        read(dir)();
      } catch (e) {
        return e;
      }
    })() as ContentError;
    expect(error).toBeInstanceOf(ContentError);
    expect(error.message).toMatch(/site\.yaml[\s\S]*free_tier\.hosted_starts: /);
  });

  it('a service address written out in a page, with its line', () => {
    const dir = brokenContent((d) => patch(join(d, 'docs/limits.md'), /\n\n/, '\n\nThe API lives at https://warden.example/api.\n\n'));
    expect(read(dir)).toThrow(
      /docs\/limits\.md[\s\S]*line \d+: "https:\/\/warden\.example" is a service address written out; write a placeholder/,
    );
  });

  it('a local address of the sandbox written out in a page, and one in an example of a tool', () => {
    const page = brokenContent((d) => patch(join(d, 'docs/limits.md'), /\n\n/, '\n\nOpen http://127.0.0.1:4322/dashboard.\n\n'));
    expect(read(page)).toThrow(/docs\/limits\.md[\s\S]*"http:\/\/127\.0\.0\.1:4322" is a service address/);
    const tool = brokenContent((d) =>
      patch(join(d, 'tools/get_license.yaml'), 'license_id: lic_demo_free', 'license_id: https://app.warden.example/licenses/1'),
    );
    expect(read(tool)).toThrow(/tools\/get_license\.yaml[\s\S]*"https:\/\/app\.warden\.example" is a service address/);
  });

  it('an unknown placeholder in a page, and a placeholder in front matter', () => {
    const unknown = brokenContent((d) => patch(join(d, 'docs/limits.md'), /\n\n/, '\n\nSee {base_uri}/x.\n\n'));
    expect(read(unknown)).toThrow(/docs\/limits\.md[\s\S]*line \d+: unknown placeholder \{base_uri\}/);
    const frontMatter = brokenContent((d) => patch(join(d, 'docs/limits.md'), /^description: .*$/m, "description: 'Limits of {base_url}'"));
    expect(read(frontMatter)).toThrow(/docs\/limits\.md[\s\S]*\{base_url\} in front matter is not filled/);
  });

  it('a bad BASE_URL at build time', () => {
    expect(() => readContent(undefined, { BASE_URL: 'warden.example/' })).toThrow(/BASE_URL: /);
  });
});

describe('the build refuses bad content before Astro starts: astro.config.mjs reads it first', () => {
  it('a data error: loading the config fails naming the file and field', async () => {
    const dir = brokenContent((d) => patch(join(d, 'tools/get_account.yaml'), 'scope: warden:access', 'scope: nope:nope'));
    const { error } = await loadAstroConfig({ WARDEN_CONTENT_DIR: dir });
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toMatch(/tools\/get_account\.yaml[\s\S]*scope: unknown scope "nope:nope"/);
  });

  it('a service address written out in a page: loading the config fails naming the page and line', async () => {
    const dir = brokenContent((d) => patch(join(d, 'docs/limits.md'), /\n\n/, '\n\nThe API lives at https://warden.example/api.\n\n'));
    const { error } = await loadAstroConfig({ WARDEN_CONTENT_DIR: dir });
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toMatch(
      /docs\/limits\.md[\s\S]*line \d+: "https:\/\/warden\.example" is a service address written out/,
    );
  });

  it('an unbroken copy of the content loads: what fails the cases above is the change alone', async () => {
    const { config, error } = await loadAstroConfig({ WARDEN_CONTENT_DIR: brokenContent(() => {}) });
    expect(error).toBeUndefined();
    expect(config?.site).toBe('https://warden.example');
    expect(config?.integrations.length).toBeGreaterThan(1);
  });
});

// Front matter is parsed by Astro's content layer (the glob loader) and checked by Starlight's docs schema
// (src/content.config.ts), not by readContent: only Astro decides it, so one real build shows it. The build fails
// at its first step, the content sync, before any page is rendered, which costs about what `astro sync` alone does.
describe('the real build refuses bad front matter', () => {
  it('broken front matter: astro build fails naming the page file', async () => {
    const dir = brokenContent((d) => patch(join(d, 'docs/limits.md'), /^title: .*$/m, 'title: [unclosed'));
    const failure = await runAstroBuild({
      WARDEN_CONTENT_DIR: dir,
      WARDEN_OUT_DIR: join(dir, '..', 'out'),
      BASE_URL: 'https://warden.example',
    }).then(
      () => undefined,
      (error: Error & { code?: string }) => error,
    );
    expect(failure?.code).toBe('BUILD_FAILED');
    expect(failure?.message).toMatch(/docs\/limits\.md/);
  }, 120_000);
});
