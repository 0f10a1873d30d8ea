import { decodeVlq } from './vlq.ts';
import {
  PAGE_FIELDS,
  SEARCH_CORE_PATH,
  SEARCH_INDEX_FORMAT,
  SECTION_FIELDS,
  toSearchShardPath,
  toSearchTermShardPath,
  toShardOf,
  type SearchIndexCore,
  type SearchTermShard,
  type SearchTextShard,
} from './search-index-format.ts';

/** Reads one file of the build by its path (`/search-index/core.json`); undefined when there is none. */
export type ReadIndexFile = (path: string) => Promise<string | undefined>;

/** The search index is missing or not one this code reads: a build and an edge of different versions, or no build. */
export class SearchIndexError extends Error {
  override name = 'SearchIndexError';
}

/** One term's postings on one level, decoded: the documents holding it and the count in each field (a row of `fields` per document). */
export interface Postings {
  ids: Uint32Array;
  counts: Uint16Array;
}

/** A term's postings on both levels; undefined on a level where no document holds it. */
export interface TermPostings {
  page?: Postings;
  section?: Postings;
}

/** One level of the index (pages or sections): its size and field lengths. */
export interface IndexLevel {
  size: number;
  fieldCount: number;
  /** Field `f` of document `d` at `d * fieldCount + f`, in terms. */
  lengths: Uint32Array;
  averages: number[];
}

/** One section as a result shows it. */
export interface IndexedSection {
  heading: string;
  fragment: string;
  text: string;
}

/**
 * The loaded index: what rankPages reads. Load it once per process, isolate or page and keep it: loading reads the
 * core file; each term shard and text shard is read on first use and kept.
 */
export interface SearchIndex {
  pages: SearchIndexCore['pages'];
  /** The page of each section. */
  sectionPage: Uint32Array;
  pageLevel: IndexLevel;
  sectionLevel: IndexLevel;
  /** The postings of each of `terms` (reading the term shards they are in, side by side). */
  postings(terms: Iterable<string>): Promise<Map<string, TermPostings>>;
  /** A section's heading, fragment and plain text. */
  section(id: number): Promise<IndexedSection>;
}

function toLevel(size: number, fieldCount: number, lengthsVlq: string): IndexLevel {
  const lengths = Uint32Array.from(decodeVlq(lengthsVlq));
  if (lengths.length !== size * fieldCount) throw new SearchIndexError('search index: field lengths do not match the documents');
  const averages = Array.from({ length: fieldCount }, (_, f) => {
    let sum = 0;
    for (let d = 0; d < size; d++) sum += lengths[d * fieldCount + f]!;
    return size ? Math.max(sum / size, 1) : 1;
  });
  return { size, fieldCount, lengths, averages };
}

function decodePostings(text: string, fieldCount: number): Postings | undefined {
  if (text === '') return undefined;
  const numbers = decodeVlq(text);
  const ids: number[] = [];
  const counts: number[] = [];
  let id = 0;
  for (let i = 0; i < numbers.length; ) {
    id += numbers[i++]!;
    const mask = numbers[i++]!;
    ids.push(id);
    for (let f = 0; f < fieldCount; f++) counts.push(mask & (1 << f) ? numbers[i++]! : 0);
  }
  return { ids: Uint32Array.from(ids), counts: Uint16Array.from(counts) };
}

/** Files read once and kept by number; a failed read is not kept, so the next query tries again. */
function createShardCache<T>(read: (n: number) => Promise<string | undefined>, toPath: (n: number) => string) {
  const shards = new Map<number, Promise<T>>();
  return (n: number): Promise<T> => {
    let shard = shards.get(n);
    if (!shard) {
      shard = read(n).then((text) => {
        if (text === undefined) throw new SearchIndexError(`search index: no ${toPath(n)} in the build`);
        return JSON.parse(text) as T;
      });
      shard.catch(() => shards.delete(n));
      shards.set(n, shard);
    }
    return shard;
  };
}

/** The index from its core file's text; `read` reads its other files (by path) when a query first needs them. */
export function parseSearchIndex(coreJson: string, read: ReadIndexFile): SearchIndex {
  const core = JSON.parse(coreJson) as SearchIndexCore;
  if (core?.format !== SEARCH_INDEX_FORMAT)
    throw new SearchIndexError(`search index: format ${String(core?.format)}, this code reads ${SEARCH_INDEX_FORMAT}`);
  const sectionPage = new Uint32Array(core.sectionCount);
  core.pages.forEach(([, , first], p) => {
    sectionPage.fill(p, first, core.pages[p + 1]?.[2] ?? core.sectionCount);
  });
  const termPath = (n: number) => toSearchTermShardPath(core.version, n);
  const textPath = (n: number) => toSearchShardPath(core.version, n);
  const termShard = createShardCache<SearchTermShard>((n) => read(termPath(n)), termPath);
  const textShard = createShardCache<SearchTextShard>((n) => read(textPath(n)), textPath);
  // A term shard's postings are kept as text and each term decoded on first use and kept: once per process, isolate or page.
  const encoded = new Map<string, [page: string, section: string]>();
  const decoded = new Map<string, TermPostings>();
  const loaded = new Map<number, Promise<void>>();
  const loadTermShard = (n: number) => {
    let loading = loaded.get(n);
    if (!loading) {
      loading = termShard(n).then((entries) => {
        for (const [term, page, section] of entries) encoded.set(term, [page, section]);
      });
      loading.catch(() => loaded.delete(n));
      loaded.set(n, loading);
    }
    return loading;
  };
  const toPostings = (term: string): TermPostings | undefined => {
    let postings = decoded.get(term);
    const text = encoded.get(term);
    if (!postings && text) {
      postings = { page: decodePostings(text[0], PAGE_FIELDS.length), section: decodePostings(text[1], SECTION_FIELDS.length) };
      decoded.set(term, postings);
    }
    return postings;
  };
  return {
    pages: core.pages,
    sectionPage,
    pageLevel: toLevel(core.pages.length, PAGE_FIELDS.length, core.pageLengths),
    sectionLevel: toLevel(core.sectionCount, SECTION_FIELDS.length, core.sectionLengths),
    async postings(terms) {
      const wanted = [...terms];
      if (core.termShards.length > 0)
        await Promise.all([...new Set(wanted.map((term) => toShardOf(core.termShards, term)))].map(loadTermShard));
      const found = new Map<string, TermPostings>();
      for (const term of wanted) {
        const postings = toPostings(term);
        if (postings) found.set(term, postings);
      }
      return found;
    },
    async section(id) {
      const n = toShardOf(core.textShards, id);
      const [heading, fragment, text] = (await textShard(n))[id - core.textShards[n]!] ?? ['', '', ''];
      return { heading, fragment, text };
    },
  };
}

/** Loads the index the build wrote (SEARCH_CORE_PATH, then its shards on demand) through `read`; throws SearchIndexError when it is missing. */
export async function loadSearchIndex(read: ReadIndexFile): Promise<SearchIndex> {
  const core = await read(SEARCH_CORE_PATH);
  if (core === undefined) throw new SearchIndexError(`search index: no ${SEARCH_CORE_PATH} in the build`);
  return parseSearchIndex(core, read);
}
