import { PATHS } from '../../facts/paths.ts';

/**
 * The search index's files, as the build writes them and both the edge and the docs' search box read them (through
 * this folder's code): a small core file (the pages and every field's length, what ranking needs of every document),
 * the postings in term shards (contiguous ranges of the sorted terms, so a query reads only the shards of its own
 * terms), and the sections' headings and text in text shards, which only the results read. Postings are VLQ strings
 * (vlq.ts), decoded per term on first use.
 */
export const SEARCH_INDEX_FORMAT = 2;

/** Fields of a page (scored once per page) and of a section (scored per section), in posting-mask bit order. */
export const PAGE_FIELDS = ['title', 'description'] as const;
export const SECTION_FIELDS = ['heading', 'body'] as const;

/** One page, as the build hands it to the index: its public path, title, description and sections. */
export interface SearchPageInput {
  path: string;
  title: string;
  description: string;
  /** The page's text before its first heading comes first, with an empty heading and fragment. */
  sections: SearchSectionInput[];
}

/** One section of a page: its heading, the `id` of that heading on the HTML page, and its plain text. */
export interface SearchSectionInput {
  heading: string;
  fragment: string;
  text: string;
}

/** The core file (JSON). */
export interface SearchIndexCore {
  format: typeof SEARCH_INDEX_FORMAT;
  /**
   * A digest of the shards' contents, which their names start with: a core file read from one deploy never reads
   * another's shards (a browser may hold the core file of the deploy before). One folder for all of them, so one
   * `_headers` rule covers the index (a rule's `*` stays within a path segment).
   */
  version: string;
  /** Path, title, and the id of the page's first section (a page's sections are numbered in a row). */
  pages: Array<[path: string, title: string, firstSection: number]>;
  /** How many sections there are. */
  sectionCount: number;
  /** VLQ: each page's title and description lengths in terms. */
  pageLengths: string;
  /** VLQ: each section's heading and body lengths in terms. */
  sectionLengths: string;
  /** The first term of each term shard, ascending in code-unit order: a term is in the last shard whose first term is not after it. */
  termShards: string[];
  /** The first section of each text shard, ascending. */
  textShards: number[];
}

/**
 * A term shard file (JSON): each of its terms with its postings over pages and over sections (either empty when the
 * term is not on that level). Postings: per document holding the term, its id minus the previous one's, a field
 * mask, then the count in each field of the mask.
 */
export type SearchTermShard = Array<[term: string, pagePostings: string, sectionPostings: string]>;

/** A text shard file (JSON): heading, fragment and plain text of sections `textShards[n]` up to the next shard's first. */
export type SearchTextShard = Array<[heading: string, fragment: string, text: string]>;

/** The core file's path in the build (and on the site). */
export const SEARCH_CORE_PATH = `${PATHS.searchIndex}/core.json`;
/** Term shard `n`'s path in the build (and on the site), under the core file's `version`. */
export const toSearchTermShardPath = (version: string, n: number): string => `${PATHS.searchIndex}/${version}-terms-${n}.json`;
/** Text shard `n`'s path in the build (and on the site), under the core file's `version`. */
export const toSearchShardPath = (version: string, n: number): string => `${PATHS.searchIndex}/${version}-text-${n}.json`;

/** The shard holding `key` of shards starting at `firsts` (ascending): the last whose first is not after it; 0 before all. */
export function toShardOf<T>(firsts: readonly T[], key: T): number {
  let low = 0;
  let high = firsts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (firsts[mid]! <= key) low = mid;
    else high = mid - 1;
  }
  return low;
}
