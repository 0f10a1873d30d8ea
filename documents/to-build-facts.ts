import type { Content } from '../content-model/read-content.ts';
import type { BuildFacts } from '../facts/build-facts.ts';
import { createRequire } from 'node:module';
import { toSkillUri } from '../facts/paths.ts';
import { toAiAgentPatterns, type CrawlerEntry } from './to-ai-agents.ts';
import { readMigrations } from '../runtime/node/read-migrations.ts';
import { toDocsServerFacts } from './to-docs-server.ts';

// The maintained list of crawlers and agents (crawler-user-agents, monthly releases): its `require` export is the JSON.
const crawlers = createRequire(import.meta.url)('crawler-user-agents') as CrawlerEntry[];

/** The facts a build writes for the servers (`dist/_build.json`), from the content it was made from. */
export function toBuildFacts(content: Content, sourceHash: string): BuildFacts {
  const { site, errors, skills, release, schemas } = content;
  return {
    base_url: site.base_url,
    app_url: site.app_url,
    auth_issuer: site.auth_issuer,
    release_archive: site.cli.release_archive,
    release_signing_key: site.cli.release_signing_key,
    release_sums: release?.sums ?? null,
    source_hash: sourceHash,
    product: site.product.name,
    access_scope: site.access_scope,
    public_methods: site.mcp.public_methods,
    public_resources: skills.map((skill) => toSkillUri(skill.name)),
    errors,
    ai_agents: toAiAgentPatterns(crawlers),
    feedback: {
      report_schema: schemas.FeedbackReport as Record<string, unknown>,
      migrations: readMigrations(),
      per_minute: site.feedback.per_minute,
      per_day: site.feedback.per_day,
      body_bytes: site.feedback.body_bytes,
      retention_days: site.feedback.retention_days,
      operator_scope: site.operator_scope,
    },
    docs_server: toDocsServerFacts(content),
  };
}
