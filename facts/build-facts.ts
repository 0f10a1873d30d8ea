import { z } from 'zod';
import { docsServerFactsSchema } from './docs-server.ts';
import { errorsSchema } from './problem.ts';

const url = z.url({ protocol: /^https?$/ });

/**
 * What a build was made for and the content facts the servers need (`dist/_build.json`): the edge reads this,
 * never the content folder, on Node and in the worker alike.
 */
export const buildFactsSchema = z.strictObject({
  base_url: url,
  app_url: url,
  auth_issuer: url,
  /** Where the installer downloads the CLI from (`npm start` points it at the sandbox's release folder). */
  release_archive: url,
  /** The release signing key the installers carry (`npm start` signs its releases with a local key). */
  release_signing_key: z.string().min(1),
  /** The SHA-256 of the release SHA256SUMS whose archives the installers pin (RELEASE_DIR); null when they pin none. */
  release_sums: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  /** A digest of every file the build read (content/, src/, the config): a changed source means a stale build. */
  source_hash: z.string().min(1),
  product: z.string().min(1),
  access_scope: z.string().min(1),
  public_methods: z.array(z.string().min(1)).min(1),
  /** The resources `resources/read` may read without a credential: the published Agent Skills (facts/paths.ts toSkillUri). */
  public_resources: z.array(z.string().min(1)),
  errors: errorsSchema,
  /**
   * User-agent patterns (regular expressions from the crawler-user-agents list, documents/to-ai-agents.ts) of the AI
   * agents that get a page's markdown twin when Accept leaves the choice open.
   */
  ai_agents: z.array(z.string().min(1)).default([]),
  /** What the edge needs to take reports and keep counts (content/site.yaml `feedback`, content/schemas/FeedbackReport.yaml). */
  feedback: z.strictObject({
    /** The JSON Schema every report is validated against, on every door. */
    report_schema: z.record(z.string(), z.unknown()),
    /** The store's migrations (runtime/feedback/migrations/), which the Node edge applies at start. */
    migrations: z.array(z.strictObject({ name: z.string().regex(/^\d{4}_[a-z0-9_]+\.sql$/), sql: z.string().min(1) })).min(1),
    per_minute: z.number().int().positive(),
    per_day: z.number().int().positive(),
    body_bytes: z.number().int().positive(),
    retention_days: z.number().int().positive(),
    operator_scope: z.string().min(1),
  }),
  /** The docs MCP server the edge answers at `/mcp/docs`: its identity and the docs tools (content/docs-tools/). */
  docs_server: docsServerFactsSchema,
});

/** The facts of one build. */
export type BuildFacts = z.infer<typeof buildFactsSchema>;
/**
 * The addresses a build was made for: what a server compares with the addresses it serves (the release
 * archive and signing key only where the server also serves the release, as `npm start` does).
 */
export type BuiltFor = Pick<BuildFacts, 'base_url' | 'app_url' | 'auth_issuer'> &
  Partial<Pick<BuildFacts, 'release_archive' | 'release_signing_key' | 'release_sums'>>;
