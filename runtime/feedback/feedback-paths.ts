import { PATHS } from '../../facts/paths.ts';

/** A report's status address under the feedback path (`/api/feedback/<id>`). */
export const toReportPath = (id: string): string => `${PATHS.feedback}/${id}`;

/** The operator's views under the feedback path. */
export const FEEDBACK_VIEWS = { gaps: `${PATHS.feedback}/gaps`, traffic: `${PATHS.feedback}/traffic` } as const;
