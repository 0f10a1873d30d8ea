import { z } from 'zod';
import type { Errors } from '../facts/problem.ts';
import type { BuildFacts, BuiltFor } from '../facts/build-facts.ts';
import type { DocsServerFacts } from '../facts/docs-server.ts';
import { toAiAgentTest } from '../runtime/http/ai-agent-test.ts';
import { remembered } from '../runtime/http/remembered.ts';
import { toUrl, PATHS } from '../facts/paths.ts';
import { toAuthIssuer, toTokenIssuer } from '../runtime/auth-issuer.ts';
import { LOCAL } from '../runtime/local-defaults.ts';
import { LOG_LEVELS } from '../runtime/log-levels.ts';

// Empty variables count as unset, so `APP_URL= npm start` behaves like no APP_URL at all.
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);
const origin = z
  .url({ protocol: /^https?$/ })
  .refine((u) => !u.endsWith('/') && !u.includes('?') && !u.includes('#'), 'an http(s) URL with no trailing slash, query or fragment');
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());
const positiveInt = (fallback: number) => z.preprocess(unsetIfEmpty, z.coerce.number().int().positive().default(fallback));

/** The environment the edge server reads, validated once at start-up. */
export const envSchema = z.object({
  HOST: z.preprocess(unsetIfEmpty, z.string().min(1).default(LOCAL.host)),
  PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(65535).default(LOCAL.edgePort)),
  BASE_URL: optional(origin),
  APP_URL: optional(origin),
  AUTH_ISSUER: optional(origin),
  TOKEN_ISSUER: optional(origin),
  TOKEN_JWKS_URL: optional(z.url({ protocol: /^https?$/ })),
  TOKEN_AUDIENCE: optional(origin),
  UPSTREAM_TIMEOUT_MS: positiveInt(30_000),
  /** Longest silence of a streamed upstream body once its headers arrived (an SSE stream then ends cleanly). */
  UPSTREAM_IDLE_TIMEOUT_MS: positiveInt(60_000),
  BODY_LIMIT_BYTES: positiveInt(1_048_576),
  ALLOWED_ORIGINS: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    z.array(origin),
  ),
  /** The dist folder, shared with the build (astro.config: `WARDEN_OUT_DIR`). */
  WARDEN_OUT_DIR: z.preprocess(unsetIfEmpty, z.string().min(1).default('dist')),
  /** The access and error log's level (pino's): info logs one line per request; silent logs nothing. */
  LOG_LEVEL: z.preprocess(unsetIfEmpty, z.enum(LOG_LEVELS).default('info')),
  /** Where GET /metrics answers (Prometheus text format): its own loopback port, `off` for none, PORT's value to share the public one. */
  METRICS_PORT: z.preprocess(unsetIfEmpty, z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(9464)),
  METRICS_HOST: z.preprocess(unsetIfEmpty, z.string().min(1).default(LOCAL.host)),
  /** Port of the embedded demo sandbox, used when APP_URL is unset. */
  SANDBOX_PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(65535).default(LOCAL.sandboxPort)),
  // Where the demo sandbox keeps its database and keys (default .data/sandbox under the working directory).
  SANDBOX_DATA_DIR: z.preprocess(unsetIfEmpty, z.string().min(1).optional()),
  // The CLI release folder `npm start` builds and the sandbox serves (when APP_URL is unset).
  WARDEN_RELEASE_DIR: z.preprocess(unsetIfEmpty, z.string().min(1).default('.data/release')),
  /** Lifetime of the sandbox's access tokens in seconds; short values let you watch clients refresh. */
  SANDBOX_ACCESS_TOKEN_TTL: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(10).max(86_400).optional()),
  /** Where the Node edge keeps its feedback store (`feedback.sqlite`), kept across restarts. */
  FEEDBACK_DATA_DIR: z.preprocess(unsetIfEmpty, z.string().min(1).default('.data/edge')),
  /** Days reports, gaps and traffic counts are kept; the build's (content/site.yaml) when unset. */
  FEEDBACK_RETENTION_DAYS: z.preprocess(unsetIfEmpty, z.coerce.number().int().positive().max(3650).optional()),
  /** How long a write waits for a store another process holds locked before the report is refused with 503. */
  FEEDBACK_BUSY_TIMEOUT_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(60_000).default(5000)),
  /** A request header that carries the client's address when a proxy or CDN is in front (cf-connecting-ip, x-forwarded-for). */
  CLIENT_ADDRESS_HEADER: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/)
      .toLowerCase()
      .optional(),
  ),
});

/** The validated environment. */
export type Env = z.infer<typeof envSchema>;

/** A bad environment variable; the message names it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the environment or throws a ConfigError naming every bad variable. */
export function readEnv(env: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`);
  throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
}

/** Everything the runtime-neutral app needs; no Node types, no environment access. */
export interface AppConfig {
  /** The public origin of this host (contract `{base_url}`). */
  baseUrl: string;
  /** The hosted origin whose `/mcp` receives forwarded MCP requests (contract `{app_url}`). */
  appUrl: string;
  /** Product name, for the health document (contract HEALTH-1). */
  product: string;
  /** Address of the API reference, for the health document. */
  docsUrl: string;
  /** Problem and JSON-RPC codes from content/errors.yaml. */
  errors: Errors;
  /** The scope a tools/call token must carry (content `access_scope`). */
  accessScope: string;
  /** JSON-RPC methods that need no credential (content `mcp.public_methods`). */
  publicMethods: readonly string[];
  /** What `resources/read` may read without a credential: the published Agent Skills (build facts `public_resources`). */
  publicResources: readonly string[];
  /** Accepted `iss` and `aud` values when tokens are verified. */
  token: { issuer: string; audiences: string[] };
  upstreamTimeoutMs: number;
  /** Longest silence of an upstream body after its headers (UPSTREAM_IDLE_TIMEOUT_MS). */
  upstreamIdleTimeoutMs: number;
  bodyLimitBytes: number;
  /** Browser origins allowed to call the MCP paths besides this host's own. */
  allowedOrigins: string[];
  /** The docs MCP server the edge answers at `/mcp/docs` (build facts `docs_server`). */
  docsServer: DocsServerFacts;
  /** Whether a User-Agent names an AI agent that gets a page's twin when Accept leaves it open (build facts `ai_agents`); none, never. */
  isAiAgent?: (userAgent: string) => boolean;
  /** What the feedback routes need: the report schema and limits (build facts `feedback`), the retention in force. */
  feedback: {
    reportSchema: Record<string, unknown>;
    perMinute: number;
    perDay: number;
    bodyBytes: number;
    retentionDays: number;
    operatorScope: string;
  };
  /** The request header that names the client's address behind a proxy (CLIENT_ADDRESS_HEADER); else the connection's. */
  clientAddressHeader?: string;
}

/** The base URL this process serves: BASE_URL, else http://HOST:PORT. */
export function toBaseUrl(env: Env): string {
  if (env.BASE_URL) return env.BASE_URL;
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

/** The audience a token must name: TOKEN_AUDIENCE, else the base URL, the one resource identifier (RFC 8707). */
export function toAudiences(baseUrl: string, audience?: string): string[] {
  return [audience ?? baseUrl];
}

/** Where MCP requests go and which authorization server's tokens are accepted. */
export interface Upstream {
  appUrl: string;
  issuer: string;
  /** JWKS address; without it, tokens are left to the upstream to verify. */
  jwksUrl?: string;
}

/**
 * The upstream from the environment over the build's facts, for Node and the worker alike: APP_URL, else the
 * app URL the build was made for; TOKEN_ISSUER or AUTH_ISSUER, else the built issuer; TOKEN_JWKS_URL.
 */
export function toUpstream(env: Env, built: BuiltFor): Upstream {
  // APP_URL only moves the forward target here: the issuer falls back to the one the built documents name.
  const issuer = toTokenIssuer({ TOKEN_ISSUER: env.TOKEN_ISSUER, AUTH_ISSUER: env.AUTH_ISSUER }) ?? built.auth_issuer;
  return { appUrl: env.APP_URL ?? built.app_url, issuer, jwksUrl: env.TOKEN_JWKS_URL };
}

/** The upstream the environment names when APP_URL is set (else the demo sandbox stands in): the issuer defaults to APP_URL's. */
export function toAppUpstream(env: Env, appUrl: string): Upstream {
  return { appUrl, issuer: toTokenIssuer({ ...env, APP_URL: appUrl }), jwksUrl: env.TOKEN_JWKS_URL };
}

/**
 * The issuer the documents of this start name: AUTH_ISSUER or APP_URL when an app is configured, else the demo
 * sandbox's own (only its tokens are accepted then, so no other issuer may be named).
 */
export function toStartIssuer(env: Env, upstream: Upstream): string {
  return env.APP_URL ? toAuthIssuer({ ...env, APP_URL: env.APP_URL }) : upstream.issuer;
}

/** Combines the validated environment, the build's facts and the resolved upstream into the app's configuration. */
export function toAppConfig(env: Env, facts: BuildFacts, upstream: Upstream): AppConfig {
  const baseUrl = toBaseUrl(env);
  return {
    baseUrl,
    appUrl: upstream.appUrl,
    product: facts.product,
    // Contract HEALTH-1: `docs` is the address of the API reference.
    docsUrl: toUrl(baseUrl, PATHS.apiReference),
    errors: facts.errors,
    accessScope: facts.access_scope,
    publicMethods: facts.public_methods,
    publicResources: facts.public_resources,
    token: { issuer: upstream.issuer, audiences: toAudiences(baseUrl, env.TOKEN_AUDIENCE) },
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    upstreamIdleTimeoutMs: env.UPSTREAM_IDLE_TIMEOUT_MS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    allowedOrigins: env.ALLOWED_ORIGINS,
    isAiAgent: toAiAgentLookup(facts.ai_agents),
    docsServer: facts.docs_server,
    feedback: toFeedbackConfig(facts, env.FEEDBACK_RETENTION_DAYS),
    clientAddressHeader: env.CLIENT_ADDRESS_HEADER,
  };
}

/** The feedback routes' settings: the build's, with the retention the environment sets where it sets one. */
export function toFeedbackConfig(facts: BuildFacts, retentionDays?: number): AppConfig['feedback'] {
  const f = facts.feedback;
  return {
    reportSchema: f.report_schema,
    perMinute: f.per_minute,
    perDay: f.per_day,
    bodyBytes: f.body_bytes,
    retentionDays: retentionDays ?? f.retention_days,
    operatorScope: f.operator_scope,
  };
}

/** The AI-agent test of a build's patterns, each user agent's answer remembered (clients send few distinct values). */
function toAiAgentLookup(patterns: readonly string[] | undefined): ((userAgent: string) => boolean) | undefined {
  const test = toAiAgentTest(patterns ?? []);
  return test && remembered(test, 1024);
}
