import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { siteSchema, type Site } from './schemas/site.ts';
import { toolSchema, type Tool } from './schemas/tool.ts';
import { operationSchema, type Operation } from './schemas/operation.ts';
import { errorsSchema, type Errors } from '../facts/problem.ts';
import { sharedJsonSchema, type JsonSchema } from './schemas/json-schema.ts';
import { apiSchema, type Api } from './schemas/api.ts';
import { generatedPageSchema, type GeneratedPage } from './schemas/page.ts';
import { discoverySchema, type DiscoveryLinkSource } from './schemas/discovery.ts';
import { fillPlaceholders, fillPlaceholdersDeep, toPlaceholders } from './fill-placeholders.ts';
import { toServiceAddressPattern } from './find-service-addresses.ts';
import { toAuthIssuer } from '../runtime/auth-issuer.ts';
import { toLocalUrl, LOCAL } from '../runtime/local-defaults.ts';
import { checkContentSources } from './check-sources.ts';
import { ContentError } from './content-error.ts';
import { readReleasePins, type ReleasePins } from './read-release-pins.ts';
import { getContentDir } from './content-dir.ts';
import { sandboxFilesSchema, type SandboxContent } from './schemas/canned-run.ts';
import { skillSchema, type Skill } from './schemas/skill.ts';
import { docsToolSchema, type DocsTool } from './schemas/docs-tool.ts';
import { feedbackToolSchema, type FeedbackTool } from './schemas/feedback-tool.ts';

/** Every fact of the content source, validated. */
export interface Content {
  /** Site-wide facts, with BASE_URL / APP_URL / AUTH_ISSUER / RELEASE_ARCHIVE / RELEASE_PUBLIC_KEY applied. */
  site: Site & { auth_issuer: string };
  tools: Tool[];
  /** The tools over the public docs (`content/docs-tools/<name>.yaml`): the pages' WebMCP tools and the docs MCP server's. */
  docsTools: DocsTool[];
  /** The pages' feedback tool (`content/feedback/submit_feedback.yaml`), placeholders filled. */
  feedbackTool: FeedbackTool;
  operations: Operation[];
  /** Shared JSON Schemas (`content/schemas/<Name>.yaml`), the OpenAPI components. */
  schemas: Record<string, JsonSchema>;
  errors: Errors;
  /** OpenAPI document facts (title, tags). */
  api: Api;
  /** Pages generated from data (`content/pages.yaml`). */
  pages: GeneratedPage[];
  /** The public addresses the discovery documents name (`content/discovery.yaml`), placeholders unfilled. */
  discovery: DiscoveryLinkSource[];
  /** The prose of each Agent Skill (`content/skills/<name>.yaml`), placeholders filled. */
  skills: Skill[];
  /** The release the installers pin (RELEASE_DIR); undefined without one: they then check release signatures. */
  release: ReleasePins | undefined;
}

const envSchema = z.object({
  BASE_URL: siteSchema.shape.base_url.optional(),
  APP_URL: siteSchema.shape.app_url.optional(),
  AUTH_ISSUER: siteSchema.shape.app_url.optional(),
  /** Where the installer and `self update` download the CLI from (a local build points it at the sandbox). */
  RELEASE_ARCHIVE: siteSchema.shape.cli.shape.release_archive.optional(),
  /** The release signing key's public half (a local system signs its releases with a key of its own). */
  RELEASE_PUBLIC_KEY: siteSchema.shape.cli.shape.release_signing_key.optional(),
});

export { getContentDir };

/** Fields of data files that are not texts to fill: an OpenAPI path template, a schema's regular expression. */
const KEEP_AS_WRITTEN = new Set(['path', 'pattern']);

function readYaml(dir: string, file: string): unknown {
  const path = join(dir, file);
  try {
    return parseYaml(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ContentError(file, [`not valid YAML: ${(error as Error).message.split('\n')[0]}`]);
  }
}

function parseFile<T>(dir: string, file: string, schema: z.ZodType<T>): T {
  const result = schema.safeParse(readYaml(dir, file));
  if (!result.success) throw ContentError.fromZod(file, result.error);
  return result.data;
}

function listYaml(dir: string, sub: string): string[] {
  const folder = join(dir, sub);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => `${sub}/${f}`);
}

function checkScope(file: string, field: string, scope: string, site: Site): void {
  if (!site.scopes.some((s) => s.name === scope)) {
    throw new ContentError(file, [`${field}: unknown scope "${scope}" (not listed under scopes in site.yaml)`]);
  }
}

function collectRefs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) collectRefs(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else collectRefs(v, out);
    }
  }
  return out;
}

/** Reads and validates the whole content source; throws a ContentError naming the file and field. */
export function readContent(dir = getContentDir(), env: NodeJS.ProcessEnv = process.env): Content {
  const rel = (f: string) => relative(process.cwd(), join(dir, f)) || f;
  const at = <T>(file: string, schema: z.ZodType<T>) => {
    try {
      return parseFile(dir, file, schema);
    } catch (error) {
      if (error instanceof ContentError) throw new ContentError(rel(file), error.problems);
      throw error;
    }
  };

  const site = at('site.yaml', siteSchema);
  const overrides = envSchema.safeParse(env);
  if (!overrides.success)
    throw ContentError.fromZod('environment (BASE_URL, APP_URL, AUTH_ISSUER, RELEASE_ARCHIVE, RELEASE_PUBLIC_KEY)', overrides.error);
  const base_url = overrides.data.BASE_URL ?? site.base_url;
  const app_url = overrides.data.APP_URL ?? site.app_url;
  const auth_issuer = toAuthIssuer({ AUTH_ISSUER: overrides.data.AUTH_ISSUER, APP_URL: app_url });
  const cli = {
    ...site.cli,
    release_archive: overrides.data.RELEASE_ARCHIVE ?? site.cli.release_archive,
    release_signing_key: overrides.data.RELEASE_PUBLIC_KEY ?? site.cli.release_signing_key,
  };
  const built = { ...site, base_url, app_url, auth_issuer, cli };
  const release = readReleasePins(built, env);
  const placeholders = toPlaceholders(built);
  // Addresses are written once, in site.yaml: every other file names them with placeholders, so a build for any
  // base URL names its own. The defaults' domain, this build's addresses and the local defaults are all refused.
  const addresses = toServiceAddressPattern(
    [
      site.base_url,
      site.app_url,
      site.cli.release_archive,
      base_url,
      app_url,
      auth_issuer,
      cli.release_archive,
      toLocalUrl(LOCAL.edgePort),
      toLocalUrl(LOCAL.sandboxPort),
    ],
    [new URL(site.base_url).hostname],
  );
  checkContentSources(dir, placeholders, addresses);
  // Data texts that pages and documents show (examples, descriptions) may name addresses as placeholders too.
  const fill = <T>(file: string, value: T): T => {
    try {
      return fillPlaceholdersDeep(value, placeholders, '', KEEP_AS_WRITTEN);
    } catch (error) {
      throw new ContentError(rel(file), [(error as Error).message]);
    }
  };

  const schemas: Record<string, JsonSchema> = {};
  for (const file of listYaml(dir, 'schemas')) schemas[basename(file, '.yaml')] = at(file, sharedJsonSchema);

  const tools = listYaml(dir, 'tools').map((file) => {
    const tool = at(file, toolSchema);
    if (basename(file, '.yaml') !== tool.name) throw new ContentError(rel(file), [`name: must equal the file name`]);
    checkScope(rel(file), 'scope', tool.scope, site);
    return fill(file, tool);
  });

  const skills = listYaml(dir, 'skills').map((file) => {
    const skill = fill(file, at(file, skillSchema));
    if (basename(file, '.yaml') !== skill.name) throw new ContentError(rel(file), [`name: must equal the file name`]);
    // The limit holds for the description as served, with this build's addresses in it.
    if (skill.description.length > 1024)
      throw new ContentError(rel(file), [`description: ${skill.description.length} characters once filled; at most 1024`]);
    return skill;
  });

  const seen = new Map<string, string>();
  const operations = listYaml(dir, 'operations').map((file) => {
    const op = at(file, operationSchema);
    const other = seen.get(op.operationId);
    if (other) throw new ContentError(rel(file), [`operationId: "${op.operationId}" is already used by ${other}`]);
    seen.set(op.operationId, rel(file));
    for (const [i, s] of op.scopes.entries()) checkScope(rel(file), `scopes.${i}`, s, site);
    for (const ref of collectRefs(op)) {
      const name = ref.replace('#/components/schemas/', '');
      if (!ref.startsWith('#/components/schemas/') || !schemas[name]) {
        throw new ContentError(rel(file), [`$ref: "${ref}" names no file in content/schemas/`]);
      }
    }
    return fill(file, op);
  });

  const docsTools = listYaml(dir, 'docs-tools').map((file) => {
    const tool = fill(file, at(file, docsToolSchema));
    if (basename(file, '.yaml') !== tool.name) throw new ContentError(rel(file), [`name: must equal the file name`]);
    // A page registers its docs tools beside the Warden tools it shows: WebMCP takes each name once.
    if (tools.some((t) => t.name === tool.name))
      throw new ContentError(rel(file), [`name: "${tool.name}" is also a tool in content/tools/`]);
    const from = tool.inputFromOperation;
    if (from !== undefined && !operations.some((op) => op.operationId === from && op.parameters.some((p) => p.in === 'query'))) {
      throw new ContentError(rel(file), [`inputFromOperation: "${from}" names no operation with query parameters in content/operations/`]);
    }
    return tool;
  });
  const feedbackFile = 'feedback/submit_feedback.yaml';
  const feedbackTool = fill(feedbackFile, at(feedbackFile, feedbackToolSchema));
  if (!schemas[feedbackTool.inputFromSchema])
    throw new ContentError(rel(feedbackFile), [`inputFromSchema: "${feedbackTool.inputFromSchema}" names no file in content/schemas/`]);
  // The pages register it beside the docs tools and the Warden tools: WebMCP takes each name once.
  if ([...tools, ...docsTools].some((t) => t.name === feedbackTool.name))
    throw new ContentError(rel(feedbackFile), [`name: "${feedbackTool.name}" is also a tool in content/tools/ or content/docs-tools/`]);

  const errors = at('errors.yaml', errorsSchema);
  const api = at('api.yaml', apiSchema);
  const pages = at('pages.yaml', z.array(generatedPageSchema));
  const { links: discovery } = at('discovery.yaml', discoverySchema);
  // Every text written with placeholders names only known ones, or the build stops here, naming file and field.
  const texts: Array<[string, string, string]> = [
    ...discovery.flatMap((link, i) =>
      (['href', 'note'] as const).map((f): [string, string, string] => ['discovery.yaml', `links.${i}.${f}`, link[f]]),
    ),
    ['api.yaml', 'security_scheme.description', api.security_scheme.description],
  ];
  for (const [file, field, text] of texts) {
    try {
      fillPlaceholders(text, placeholders, '');
    } catch (error) {
      throw new ContentError(rel(file), [`${field}${(error as Error).message}`]);
    }
  }
  for (const op of operations) {
    const unknown = op.tags.find((t) => !api.tags.some((x) => x.name === t));
    if (unknown) throw new ContentError(seen.get(op.operationId) ?? 'operations', [`tags: "${unknown}" is not defined in api.yaml`]);
  }

  return { site: built, tools, docsTools, feedbackTool, operations, schemas, errors, api, pages, discovery, skills, release };
}

/** Reads and validates `content/sandbox/` (the demo sandbox's data); throws a ContentError naming the file and field. */
export function readSandboxContent(dir = getContentDir()): SandboxContent {
  const at = <T>(file: string, schema: z.ZodType<T>) => {
    try {
      return parseFile(dir, file, schema);
    } catch (error) {
      if (error instanceof ContentError) throw new ContentError(relative(process.cwd(), join(dir, file)) || file, error.problems);
      throw error;
    }
  };
  const { workflows } = at('sandbox/workflows.yaml', sandboxFilesSchema.workflows);
  const cannedRun = at('sandbox/canned-run.yaml', sandboxFilesSchema.cannedRun);
  const { license } = at('sandbox/license.yaml', sandboxFilesSchema.license);
  const { lessons } = at('sandbox/lessons.yaml', sandboxFilesSchema.lessons);
  if (!workflows.some((w) => w.id === cannedRun.workflow_id && w.replay)) {
    throw new ContentError('content/sandbox/canned-run.yaml', [
      `workflow_id: "${cannedRun.workflow_id}" names no workflow with replay: true`,
    ]);
  }
  return { workflows, cannedRun, license, lessons };
}
