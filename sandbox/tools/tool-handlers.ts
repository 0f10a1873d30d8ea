import { getAccount, getLicense } from './account-tools.ts';
import { getAuditTrail } from './audit-tools.ts';
import { addLesson, searchLessons } from './lesson-tools.ts';
import { getApprovals, getMergeGate, getRun, listRuns, requestSignoff, startRun } from './run-tools.ts';
import type { ToolHandler } from './tool-context.ts';
import { getWorkflow, listWorkflows } from './workflow-tools.ts';

/** The implementation of every content tool, by tool name (content/tools/<name>.yaml). */
export const TOOL_HANDLERS: Readonly<Record<string, ToolHandler>> = {
  get_account: getAccount,
  list_workflows: listWorkflows,
  get_workflow: getWorkflow,
  start_run: startRun,
  list_runs: listRuns,
  get_run: getRun,
  get_approvals: getApprovals,
  request_signoff: requestSignoff,
  get_merge_gate: getMergeGate,
  get_audit_trail: getAuditTrail,
  search_lessons: searchLessons,
  add_lesson: addLesson,
  get_license: getLicense,
};
