import type { IndexLevel, Postings } from './load-search-index.ts';

/** BM25F parameters of one level: per field, its weight and its length normalisation `b`. */
export interface LevelRanking {
  weights: readonly number[];
  b: readonly number[];
  /**
   * A bonus for documents whose first field (a page's title, a section's heading) the query covers: the score is
   * multiplied by 1 + coverage × the share of that field's terms the query holds. "warden mcp refresh" names the
   * heading `warden mcp` whole; BM25 alone counts those two words no higher than anywhere else.
   */
  coverage: number;
}

/**
 * How documents are ranked (BM25F, Robertson and Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond",
 * §3.5): per term, the field counts are weighted and length-normalised per field, summed, then saturated once with k1.
 */
export interface Ranking {
  k1: number;
  /** Title and description, scored per page. */
  page: LevelRanking;
  /** Heading and body, scored per section. */
  section: LevelRanking;
  /** How much a page's own score counts next to its best section's. */
  pageScale: number;
}

/** BM25's inverse document frequency, never negative (the "+1" form Lucene uses). */
export function toIdf(size: number, frequency: number): number {
  return Math.log(1 + (size - frequency + 0.5) / (frequency + 0.5));
}

/** Each document's length normalisation per field (BM25F's 1 - b + b × length / average), worked out once per ranking. */
const norms = new WeakMap<IndexLevel, WeakMap<LevelRanking, Float64Array>>();
function toNorms(level: IndexLevel, ranking: LevelRanking): Float64Array {
  const byRanking = norms.get(level) ?? norms.set(level, new WeakMap()).get(level)!;
  let values = byRanking.get(ranking);
  if (!values) {
    const { fieldCount, lengths, averages } = level;
    values = new Float64Array(lengths.length);
    for (let i = 0; i < lengths.length; i++) {
      const f = i % fieldCount;
      values[i] = 1 - ranking.b[f]! + (ranking.b[f]! * lengths[i]!) / averages[f]!;
    }
    byRanking.set(ranking, values);
  }
  return values;
}

/**
 * Adds the BM25F score of every document of a level holding any of the terms into `scores` (by document id, all 0 on
 * entry), and returns the ids it touched, each once. `postingsOf` gives a term's postings on this level. Work is one
 * pass over each term's postings.
 */
export function scoreLevel(
  level: IndexLevel,
  terms: ReadonlyMap<string, number>,
  postingsOf: (term: string) => Postings | undefined,
  ranking: LevelRanking,
  k1: number,
  scores: Float64Array,
): number[] {
  const touched: number[] = [];
  const seen = new Uint8Array(level.size);
  const { fieldCount, lengths } = level;
  const norm = toNorms(level, ranking);
  const covered = new Float64Array(ranking.coverage ? level.size : 0);
  for (const [term, weight] of terms) {
    const postings = postingsOf(term);
    if (!postings) continue;
    const idf = toIdf(level.size, postings.ids.length) * weight;
    const { ids, counts } = postings;
    for (let i = 0; i < ids.length; i++) {
      const doc = ids[i]!;
      let tf = 0;
      for (let f = 0; f < fieldCount; f++) {
        const count = counts[i * fieldCount + f]!;
        if (count === 0) continue;
        if (f === 0) covered[doc]! += count;
        tf += (ranking.weights[f]! * count) / norm[doc * fieldCount + f]!;
      }
      if (seen[doc] === 0) {
        seen[doc] = 1;
        touched.push(doc);
      }
      scores[doc]! += (idf * tf * (k1 + 1)) / (k1 + tf);
    }
  }
  if (ranking.coverage) {
    for (const doc of touched) {
      const length = lengths[doc * fieldCount]!;
      if (length > 0) scores[doc]! *= 1 + (ranking.coverage * Math.min(covered[doc]!, length)) / length;
    }
  }
  return touched;
}
