/**
 * A tool's structuredContent as the tests read it: the members of the tools' output schemas (content/tools/*.yaml)
 * that tests use, in one shape. Each tool answers with its own members only; a test reads those of the tool it called.
 */
export interface ToolOutput {
  account_id: string;
  run_id: string;
  status: string;
  hosted_starts: { used: number; limit: number; remaining: number };
  hosted_starts_limit: number;
  workflows: Array<{ id: string }>;
  jail: { network_allowlist: string[] };
  runs: Array<{ run_id: string }>;
  steps: Array<{ status: string }>;
  spend: { spent_usd: number };
  signoff: { status: string };
  checks: Array<{ name: string; status: string; detail: string }>;
  blocking: string[];
  lesson: { id: string };
  lessons: Array<{ id: string }>;
  events: Array<{ id: string; action: string; tool: string | null; detail: string }>;
  next_cursor: string | null;
}

/** A JSON-RPC answer to tools/list or tools/call, as the tests read it. */
export interface ToolsAnswer {
  result: { tools: Array<{ name: string }>; isError?: boolean; structuredContent: ToolOutput };
}
