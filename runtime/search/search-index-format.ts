import { PATHS } from '../../facts/paths.ts';

/**
 * The search index's files, as the build writes them and the edge reads them (both through this folder's code): one
 * core file with the postings and the page and section list, and the sections' plain text in shards, which only the
 * snippets of the results read. Postings are VLQ strings (vlq.ts), decoded per term on first use.
 */
export const SEARCH_INDEX_FORMAT = 1;

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
  /** Path, title, and the id of the page's first section (a page's sections are numbered in a row). */
  pages: Array<[path: string, title: string, firstSection: number]>;
  /** Heading and fragment of each section; both empty for the text before a page's first heading. */
  sections: Array<[heading: string, fragment: string]>;
  /** VLQ: each page's title and description lengths in terms. */
  pageLengths: string;
  /** VLQ: each section's heading and body lengths in terms. */
  sectionLengths: string;
  /** The first section of each text shard, ascending. */
  shards: number[];
  /** Term → VLQ postings over pages: per page holding it, the page's id minus the previous one's, a field mask, then the count in each field of the mask. */
  pageTerms: Array<[term: string, postings: string]>;
  /** The same over sections. */
  sectionTerms: Array<[term: string, postings: string]>;
}

/** A text shard file (JSON): the plain text of sections `shards[n]` up to the next shard's first. */
export type SearchTextShard = string[];

/** The core file's path in the build (and on the site). */
export const SEARCH_CORE_PATH = `${PATHS.searchIndex}/core.json`;
/** Text shard `n`'s path in the build (and on the site). */
export const toSearchShardPath = (n: number): string => `${PATHS.searchIndex}/text-${n}.json`;
