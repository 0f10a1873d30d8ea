import { z } from 'zod';

const id = z.string().regex(/^[a-z]+_[a-z0-9_]+$/, 'a prefixed id such as "run_demo_0001"');
const offset = z.number().int().min(0);
const isoTime = z.iso.datetime();

/** One saved workflow of the demo sandbox (`content/sandbox/workflows.yaml`). */
export const workflowSchema = z.strictObject({
  id,
  name: z.string().min(1),
  description: z.string().min(20),
  repository: z.string().min(1),
  harness: z.string().min(1),
  model: z.string().min(1),
  budget_usd: z.number().positive(),
  requires_signoff: z.boolean(),
  // Only a workflow with a recording can be started in the sandbox: start_run replays it.
  replay: z.boolean(),
});

/** The recorded run that start_run replays (`content/sandbox/canned-run.yaml`); offsets are seconds from the start. */
export const cannedRunSchema = z.strictObject({
  workflow_id: id,
  demo_run: z.strictObject({ id, started_at: isoTime, started_by: z.string().min(1) }),
  jail: z.strictObject({
    id,
    boundary: z.string().min(1),
    filesystem: z.strictObject({ writable: z.array(z.string()), read_only: z.array(z.string()) }),
    network_allowlist: z.array(z.string()),
    denied_commands: z.array(z.string()),
  }),
  steps: z.array(z.strictObject({ id, name: z.string().min(1), offset_s: offset, cost_usd: z.number().min(0) })).min(1),
  blocked_action: z.strictObject({
    step_id: id,
    offset_s: offset,
    action: z.string().min(1),
    rule: z.string().min(1),
    reason: z.string().min(1),
  }),
  budget_usd: z.number().positive(),
  review: z.strictObject({
    reviewer: z.string().min(1),
    offset_s: offset,
    verdict: z.enum(['approved', 'changes_requested']),
    summary: z.string().min(1),
    findings: z.array(z.string()),
  }),
  signoff: z.strictObject({
    approver: z.string().min(1),
    offset_s: offset,
    decision: z.enum(['approved', 'rejected']),
    comment: z.string().min(1),
  }),
  merge_gate: z.strictObject({
    pull_request: z.url(),
    checks: z.array(z.strictObject({ name: z.string().min(1), offset_s: offset, passed: z.boolean(), detail: z.string() })),
  }),
  events: z.array(z.strictObject({ offset_s: offset, actor: z.string().min(1), action: z.string().min(1), detail: z.string().min(1) })),
});

/** The license every sandbox account reports (`content/sandbox/license.yaml`). */
export const licenseSchema = z.strictObject({
  license_id: id,
  plan: z.enum(['free', 'team', 'enterprise']),
  status: z.enum(['active', 'expired', 'suspended']),
  hosted_starts_limit: z.number().int().positive(),
  payment_card_required: z.boolean(),
  seats: z.number().int().positive(),
  features: z.array(z.string().min(1)),
  expires_at: isoTime.nullable(),
});

/** A Lesson every sandbox account starts with (`content/sandbox/lessons.yaml`). */
export const lessonSchema = z.strictObject({
  id,
  title: z.string().min(1),
  body: z.string().min(1),
  tags: z.array(z.string().min(1)),
  created_at: isoTime,
});

/** Every file of `content/sandbox/`, each wrapped in its top-level key. */
export const sandboxFilesSchema = {
  workflows: z.strictObject({ workflows: z.array(workflowSchema).min(1) }),
  license: z.strictObject({ license: licenseSchema }),
  lessons: z.strictObject({ lessons: z.array(lessonSchema) }),
  cannedRun: cannedRunSchema,
} as const;

/** A saved workflow. */
export type Workflow = z.infer<typeof workflowSchema>;
/** The recorded run. */
export type CannedRun = z.infer<typeof cannedRunSchema>;
/** The sandbox license. */
export type License = z.infer<typeof licenseSchema>;
/** A Lesson. */
export type Lesson = z.infer<typeof lessonSchema>;
/** The sandbox's data, as written in content. */
export interface SandboxContent {
  workflows: Workflow[];
  cannedRun: CannedRun;
  license: License;
  lessons: Lesson[];
}
