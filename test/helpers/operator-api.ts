import { PATHS } from '../../facts/paths.ts';
import { getContentDir, readContent } from '../../content-model/read-content.ts';
import { getWorkloadToken } from './sandbox-fixture.ts';
import type { TestDeployment } from './test-deployment.ts';

/** One report as the operator's list gives it (content/schemas/FeedbackRecord.yaml). */
export interface ReportRecord {
  id: string;
  page: string;
  source: string;
  helpful: boolean | null;
  section: string | null;
  comment: string | null;
  agent: string | null;
  status: string;
}

/**
 * An access token with the operator scope (content/site.yaml, which names it whatever the build's addresses), from
 * the deployment's sandbox, for its edge.
 */
export function getOperatorToken(deployment: TestDeployment): Promise<string> {
  return getWorkloadToken(deployment.sandbox, [readContent(getContentDir(), {}).site.operator_scope]);
}

/** GETs one of the operator's views at the deployment's edge with `token`; throws unless it answers 200. */
export async function readOperatorView<T>(deployment: TestDeployment, token: string, path: string): Promise<T> {
  const res = await fetch(`${deployment.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The reports the operator's list gives for `query` (page, source, …), newest first. */
export async function readReports(deployment: TestDeployment, token: string, query: Record<string, string>): Promise<ReportRecord[]> {
  const list = await readOperatorView<{ items: ReportRecord[] }>(deployment, token, `${PATHS.feedback}?${new URLSearchParams(query)}`);
  return list.items;
}
