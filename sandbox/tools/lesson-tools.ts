import { newId, requireRun, type ToolHandler } from './tool-context.ts';

/** search_lessons: every query word must occur in the title, body or tags; shared and own Lessons, newest first. */
export const searchLessons: ToolHandler = (args, ctx) => {
  const words = String(args.query).toLowerCase().split(/\s+/).filter(Boolean);
  const limit = (args.limit as number | undefined) ?? 10;
  const shared = ctx.data.lessons.map((l) => ({ ...l, author: 'warden', run_id: null, created_at: new Date(l.created_at).toISOString() }));
  const own = ctx.store.listLessons(ctx.subject).map(({ subject, ...l }) => ({ ...l, author: subject }));
  const lessons = [...own, ...shared]
    .filter((l) => !args.tag || l.tags.includes(String(args.tag)))
    .filter((l) => {
      const text = `${l.title} ${l.body} ${l.tags.join(' ')}`.toLowerCase();
      return words.every((w) => text.includes(w));
    })
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, limit)
    .map(({ id, title, body, tags, author, run_id, created_at }) => ({ id, title, body, tags, author, run_id, created_at }));
  return { lessons };
};

/** add_lesson: stores a Lesson of the caller, optionally tied to one of their runs. */
export const addLesson: ToolHandler = (args, ctx) => {
  const runId = args.run_id === undefined ? null : requireRun(ctx, String(args.run_id)).run.id;
  const row = {
    id: newId('les'),
    subject: ctx.subject,
    title: String(args.title),
    body: String(args.body),
    tags: (args.tags as string[] | undefined) ?? [],
    run_id: runId,
    created_at: ctx.now.toISOString(),
  };
  ctx.store.insertLesson(row);
  const { subject, ...lesson } = row;
  return { lesson: { ...lesson, author: subject } };
};
