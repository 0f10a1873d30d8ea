import { z } from 'zod';

const scopeName = z.string().regex(/^[a-z][a-z0-9]*:[a-z0-9.]+$/, 'a scope looks like "product:name"');
const absolutePath = z.string().regex(/^\/[^\s]*$/, 'an absolute path starting with "/"');
const sshEd25519Key = z
  .string()
  .regex(
    /^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI[A-Za-z0-9+/]{43}=?$/,
    'an OpenSSH Ed25519 public key: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5…" (no comment)',
  );
const httpUrl = z
  .url({ protocol: /^https?$/ })
  .refine((u) => !u.endsWith('/') && !u.includes('?') && !u.includes('#'), 'no trailing slash, query or fragment');

/** Site-wide facts (`content/site.yaml`). */
export const siteSchema = z
  .object({
    product: z.strictObject({
      name: z.string().min(1),
      id: z.string().regex(/^[a-z][a-z0-9-]*$/),
      version: z.string().regex(/^\d+\.\d+\.\d+$/),
      tagline: z.string().min(1).max(80),
      description: z.string().min(20).max(400),
      not_a_model: z.string().min(1),
    }),
    base_url: httpUrl,
    app_url: httpUrl,
    docs_path: absolutePath,
    /** The docs' last revision date (YYYY-MM-DD): each page's last-updated date unless its front matter has `lastUpdated`. */
    updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date, YYYY-MM-DD'),
    scopes: z.array(z.strictObject({ name: scopeName, description: z.string().min(1) })).min(1),
    access_scope: scopeName,
    free_tier: z.strictObject({
      hosted_starts: z.number().int().positive(),
      payment_card_required: z.boolean(),
      sales_contact_required: z.boolean(),
    }),
    cli: z.strictObject({
      binary: z.string().regex(/^[a-z][a-z0-9-]*$/),
      /** The CLI's public OAuth client (PKCE, RFC 8252 loopback redirect, device grant), registered with the authorization server. */
      client_id: z.string().regex(/^[a-z][a-z0-9-]*$/),
      installer_path: absolutePath,
      release_archive: httpUrl,
      install_dir_default: z.string().min(1),
      env_prefix: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
      targets: z
        .array(
          z
            .string()
            .regex(
              /^(linux-x64(-musl)?(-baseline)?|linux-arm64(-musl)?|darwin-x64(-baseline)?|darwin-arm64|windows-x64(-baseline)?|windows-arm64)$/,
              'a target looks like "darwin-arm64", "linux-x64-musl", "linux-x64-baseline" or "windows-x64"',
            ),
        )
        .min(1),
      /** The release signing key's public half, as OpenSSH writes it (`ssh-ed25519 <base64>`). */
      release_signing_key: sshEd25519Key,
      installer_ps1_path: absolutePath,
    }),
    /** The docs site's public OAuth client (PKCE, from the browser), registered with the authorization server. */
    try_it: z.strictObject({ client_id: z.string().regex(/^[a-z][a-z0-9-]*$/) }),
    /** The scope of the operator's view of feedback, gaps and traffic. */
    operator_scope: scopeName,
    /** Feedback's limits, retention and the operator's page. */
    feedback: z.strictObject({
      per_minute: z.number().int().positive(),
      per_day: z.number().int().positive(),
      body_bytes: z.number().int().min(1024),
      retention_days: z.number().int().positive(),
    }),
    demo_sandbox: z.strictObject({
      name: z.string().min(1),
      account_required: z.boolean(),
      docs_path: absolutePath,
    }),
    mcp: z.strictObject({
      protocol_versions: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).min(1),
      server_name: z.string().regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
      public_methods: z.array(z.string().regex(/^[a-z]+(\/[a-zA-Z]+)*$/)).min(1),
      /** The page a GET of the MCP endpoint by a browser or agent gets (not an MCP client's event stream). */
      endpoint_page: z.strictObject({ title: z.string().min(1), summary: z.string().min(1) }),
      /** Questions a person asks that this server answers: the AI Catalog entry's `representativeQueries` (ARD §4.2: 2 to 5). */
      representative_queries: z.array(z.string().trim().min(1)).min(2).max(5),
      /** The docs MCP server (`/mcp/docs`): its identity, what it tells clients, and its AI Catalog queries. */
      docs_server: z.strictObject({
        server_name: z.string().regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
        title: z.string().min(1),
        // The MCP Registry's server.json takes at most 100 characters of description.
        description: z.string().trim().min(20).max(100),
        instructions: z.string().trim().min(20),
        representative_queries: z.array(z.string().trim().min(1)).min(2).max(5),
      }),
    }),
    agent_guidance: z.strictObject({
      when_to_use: z.array(z.string().min(1)).min(1),
      not_for: z.array(z.string().min(1)),
      /** How an agent reports a page that is wrong (llms.txt's Feedback section, the Agent Skill). */
      feedback: z.string().min(1),
      /** The agent-instructions block atop every markdown twin (placeholders filled by the build). */
      twin_preamble: z.string().min(1),
    }),
    oauth: z.strictObject({ authorization_path: absolutePath, token_path: absolutePath }),
    /** Content Signals for robots.txt (contentsignals.org): whether crawlers may use the pages for search, as AI input, for AI training. */
    content_signals: z.strictObject({ search: z.boolean(), 'ai-input': z.boolean(), 'ai-train': z.boolean() }),
  })
  .strict()
  .refine((s) => s.scopes.some((x) => x.name === s.access_scope), {
    path: ['access_scope'],
    message: 'must be one of the names under scopes',
  })
  .refine((s) => s.scopes.some((x) => x.name === s.operator_scope), {
    path: ['operator_scope'],
    message: 'must be one of the names under scopes',
  });

/** Site-wide facts after validation. */
export type Site = z.infer<typeof siteSchema>;
