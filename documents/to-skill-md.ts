import type { Content } from '../content-model/read-content.ts';
import type { Skill } from '../content-model/schemas/skill.ts';
import type { Tool } from '../content-model/schemas/tool.ts';
import { toJsonRpcAnchor } from './to-page-meta.ts';
import { MCP_PATHS, PATHS, toProblemTypeUrl, toTwinPath, toUrl } from '../facts/paths.ts';
import { toFeedbackGuidance, toOneLine } from './to-llms-txt.ts';

const cell = (s: string) => toOneLine(s).replace(/\|/g, '\\|');
const code = (s: string | number) => `\`${s}\``;
const fence = (lang: string, lines: string[]) => [`\`\`\`${lang}`, ...lines, '```'].join('\n');
const list = (items: string[]) => items.map((i) => `- ${toOneLine(i)}`).join('\n');

type Field = { type?: string | string[]; description?: string; enum?: unknown[]; default?: unknown };

/** `run_id` (string, required): what it is. One line per argument of a tool, from its input schema. */
function toArguments(tool: Tool): string {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Field>;
  const required = new Set((tool.inputSchema.required ?? []) as string[]);
  const names = Object.keys(properties);
  if (!names.length) return 'Arguments: none.';
  const lines = names.map((name) => {
    const f = properties[name]!;
    const facts = [[f.type].flat().join(' or '), required.has(name) ? 'required' : 'optional'];
    if (f.enum) facts.push(`one of ${f.enum.map((v) => code(String(v))).join(', ')}`);
    if (f.default !== undefined) facts.push(`default ${code(JSON.stringify(f.default))}`);
    return `- ${code(name)} (${facts.join(', ')}): ${toOneLine(f.description ?? '')}`;
  });
  return `Arguments:\n\n${lines.join('\n')}`;
}

/** One tool: its name and title, what it does, its scope and whether it changes anything, its arguments. */
function toToolSection(tool: Tool): string {
  const { readOnlyHint, idempotentHint } = tool.annotations;
  const effect = readOnlyHint ? 'read-only' : idempotentHint ? 'changes state (idempotent)' : 'changes state';
  return [
    `### ${code(tool.name)}: ${tool.title}`,
    toOneLine(tool.description),
    `Scope ${code(tool.scope)}; ${effect}. ${toArguments(tool)}`,
  ].join('\n\n');
}

/** The endpoints a client can connect to: the two same-host paths, the hosted endpoint, the CLI over stdio, and the docs server. */
function toEndpointTable(content: Content): string {
  const { site } = content;
  const rows = [
    ...MCP_PATHS.map((path) => [
      code(toUrl(site.base_url, path)),
      'Streamable HTTP',
      path === PATHS.mcp
        ? 'The default: same host as the docs and the OAuth metadata.'
        : 'The same endpoint, for clients that look under /.well-known/.',
    ]),
    [
      code(toUrl(site.app_url, PATHS.mcp)),
      'Streamable HTTP',
      'The hosted endpoint itself (a resource of its own: tokens name its origin).',
    ],
    [code(`${site.cli.binary} mcp`), 'stdio', 'For clients that start a local process; uses the credential the CLI stored.'],
    [
      code(toUrl(site.base_url, PATHS.mcpDocs)),
      'Streamable HTTP',
      `The docs MCP server, a server of its own: ${content.docsTools.map((tool) => code(tool.name)).join(' and ')}, and every docs page as a resource. No method needs a credential.`,
    ],
  ];
  return ['| Address | Transport | Use |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** The errors an agent can meet: JSON-RPC errors of the tool endpoint, then the problem codes of /api/ paths. */
function toErrorTables({ site, errors }: Content): string {
  const errorsPage = toUrl(site.base_url, PATHS.errorsDoc);
  const jsonrpc = errors.jsonrpc.map(
    (e) => `| ${code(e.code)} | ${e.http_status} | ${cell(e.message)}: ${cell(e.cause)} | ${cell(e.resolution)} |`,
  );
  const problems = errors.problems.map((p) => `| ${code(p.code)} | ${p.status} | ${cell(p.cause)} | ${cell(p.resolution)} |`);
  return [
    ['| JSON-RPC code | HTTP | Meaning | What to do |', '|---|---|---|---|', ...jsonrpc].join('\n'),
    `Other paths under ${code('/api/')} answer with an RFC 9457 problem document (${code('application/problem+json')}) whose ${code('code')} is one of:`,
    ['| Problem code | HTTP | Meaning | What to do |', '|---|---|---|---|', ...problems].join('\n'),
    `Each code has a section on ${errorsPage} (for example ${toUrl(site.base_url, `${PATHS.errorsDoc}#${toJsonRpcAnchor(errors.jsonrpc[0]!.code)}`)}; a problem's ${code('type')} is its section, such as ${toProblemTypeUrl(site.base_url, errors.problems[0]!.code)}).`,
  ].join('\n\n');
}

/** The skill's description on one line: the same text in SKILL.md's front matter and in the discovery index. */
export function toSkillDescription(skill: Skill): string {
  return toOneLine(skill.description);
}

/**
 * The SKILL.md of one Agent Skill (agentskills.io specification): YAML front matter with `name` and `description`,
 * then what an agent needs to use Warden: install the CLI, connect the MCP tools, sign in, each tool and when to use
 * it, a governed run step by step, the errors and what to do. The tools, errors, scopes and addresses come from the
 * content; the skill's own prose from content/skills/<name>.yaml. Pure: the same content gives the same bytes, so the
 * index's digest names exactly what is served.
 */
export function toSkillMd(content: Content, skill: Skill): string {
  const { site } = content;
  const guidance = site.agent_guidance;
  const install = [fence('sh', [`curl -fsSL ${toUrl(site.base_url, site.cli.installer_path)} | sh`])];
  if (skill.install_windows) install.push(skill.install_windows.lead, fence('powershell', [skill.install_windows.command]));
  const sections = [
    // JSON strings are YAML double-quoted scalars: any description survives the front matter as written.
    ['---', `name: ${skill.name}`, `description: ${JSON.stringify(toSkillDescription(skill))}`, '---'].join('\n'),
    `# ${site.product.name}`,
    `${toOneLine(site.product.description)} ${toOneLine(site.product.not_a_model)}`,
    '## When to use it',
    list(guidance.when_to_use),
    ...(guidance.not_for.length ? ['Not for:', list(guidance.not_for)] : []),
    '## 1. Install the CLI',
    toOneLine(skill.install),
    ...install,
    toOneLine(skill.install_after),
    '## 2. Connect the MCP tools',
    toEndpointTable(content),
    `Protocol versions: ${site.mcp.protocol_versions.map(code).join(', ')} (legacy ${code('initialize')} handshake, or the stateless ${code('server/discover')} of the newest). No credential is needed for ${site.mcp.public_methods.map(code).join(', ')}; every other request, ${code('tools/call')} among them, needs an access token.`,
    toOneLine(skill.connect),
    fence('sh', skill.connect_commands),
    toOneLine(skill.connect_after),
    '## 3. Sign in',
    toOneLine(skill.sign_in),
    fence('sh', skill.sign_in_commands),
    toOneLine(skill.sign_in_after),
    'Scopes:',
    list(site.scopes.map((s) => `${code(s.name)}: ${s.description}`)),
    '## 4. Tools',
    toOneLine(skill.tools),
    ...content.tools.map(toToolSection),
    '## 5. A governed run, step by step',
    skill.workflow.map((step, i) => `${i + 1}. ${toOneLine(step)}`).join('\n'),
    '## 6. Errors and what to do',
    toOneLine(skill.errors),
    toErrorTables(content),
    '## 7. When a page is wrong',
    toFeedbackGuidance(site),
    '## More',
    list([
      `Every docs page as markdown: ${toUrl(site.base_url, PATHS.llms)}`,
      `Search the docs for a question (no credential; JSON, or markdown with ${code('Accept: text/markdown')}): ${toUrl(site.base_url, PATHS.search)}?q=<question>`,
      `Connecting MCP clients, step by step: ${toUrl(site.base_url, toTwinPath(PATHS.connectMcpDoc))}`,
      `Every CLI command, option and exit code: ${toUrl(site.base_url, toTwinPath(PATHS.cliDoc))}`,
      `OAuth, scopes and workload clients: ${toUrl(site.base_url, toTwinPath(PATHS.authenticationDoc))}`,
      `Trying it without an account (${site.demo_sandbox.name}): ${toUrl(site.base_url, toTwinPath(site.demo_sandbox.docs_path))}`,
    ]),
  ];
  return `${sections.join('\n\n')}\n`;
}
