import type { Question } from './questions.ts';

/** One ranked answer of a search engine: the page's public path and the section it points into, if any. */
export interface RankedAnswer {
  path: string;
  fragment: string | null;
}

/** How well a ranking answers a set of questions. */
export interface RankingScores {
  questions: number;
  /** Share of questions whose page is first. */
  recall1: number;
  /** Share whose page is among the first three. */
  recall3: number;
  /** Mean reciprocal rank of the page (0 when not among the answers). */
  mrr: number;
  /** Share of questions with a section whose first answer is the right page and points at that section. */
  section1: number;
  /** The questions whose page is not among the first three, with what came first. */
  misses: Array<{ q: string; expected: string; got: string[] }>;
}

const isAnswer = (question: Question, path: string) => path === question.page || (question.also ?? []).includes(path);

/** Scores each question's ranked answers (in the order of `questions`). */
export function scoreRanking(questions: readonly Question[], answers: ReadonlyArray<readonly RankedAnswer[]>): RankingScores {
  let r1 = 0;
  let r3 = 0;
  let rr = 0;
  let withSection = 0;
  let s1 = 0;
  const misses: RankingScores['misses'] = [];
  questions.forEach((question, i) => {
    const ranked = answers[i] ?? [];
    const rank = ranked.findIndex((a) => isAnswer(question, a.path));
    if (rank === 0) r1++;
    if (rank >= 0 && rank < 3) r3++;
    else misses.push({ q: question.q, expected: question.page, got: ranked.slice(0, 3).map((a) => `${a.path}#${a.fragment ?? ''}`) });
    if (rank >= 0) rr += 1 / (rank + 1);
    if (question.section) {
      withSection++;
      if (ranked[0]?.path === question.page && ranked[0].fragment === question.section) s1++;
    }
  });
  const n = Math.max(questions.length, 1);
  return { questions: questions.length, recall1: r1 / n, recall3: r3 / n, mrr: rr / n, section1: s1 / Math.max(withSection, 1), misses };
}
