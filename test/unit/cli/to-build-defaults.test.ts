import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getContentDir, readContent } from '../../../content-model/read-content.ts';
import { PATHS } from '../../../facts/paths.ts';
import { toBuildDefaults } from '../../../cli/to-build-defaults.ts';

describe("the docs MCP server's name the binary bakes in", () => {
  const { site } = readContent(getContentDir(), {});
  const name = toBuildDefaults(site).docsServerName;

  it("is the name part of the server's registry name, a name every agent's file takes as a bare key", () => {
    expect(site.mcp.docs_server.server_name).toBe(`${site.mcp.docs_server.server_name.split('/')[0]}/${name}`);
    expect(name).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  });

  it('is the name the connect page and the Agent Skill add by hand, and the CLI page documents', () => {
    const byHand = `claude mcp add --transport http ${name} {base_url}${PATHS.mcpDocs}`;
    expect(readFileSync('content/docs/connect-mcp.md', 'utf8')).toContain(byHand);
    expect(readFileSync('content/skills/warden.yaml', 'utf8')).toContain(byHand);
    expect(readFileSync('content/docs/cli.md', 'utf8')).toContain(`named \`${name}\``);
  });
});
