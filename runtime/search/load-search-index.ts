import { decodeVlq } from './vlq.ts';
import {
  PAGE_FIELDS,
  SEARCH_CORE_PATH,
  SEARCH_INDEX_FORMAT,
  SECTION_FIELDS,
  toSearchShardPath,
  type SearchIndexCore,
  type SearchTextShard,
} from './search-index-format.ts';

/** Reads one file of the build by its path (`/search-index/core.json`); undefined when there is none. */
export type ReadIndexFile = (path: string) => Promise<string | undefined>;

/** The search index is missing or not one this code reads: a build and an edge of different versions, or no build. */
export class SearchIndexError extends Error {
  override name = 'SearchIndexError';
}

/** One term's postings, decoded: the documents holding it and the count in each field (a row of `fields` per document). */
export interface Postings {
  ids: Uint32Array;
  counts: Uint16Array;
}

/** One level of the index (pages or sections): its size, field lengths and postings. */
export interface IndexLevel {
  size: number;
  fieldCount: number;
  /** Field `f` of document `d` at `d * fieldCount + f`, in terms. */
  lengths: Uint32Array;
  averages: number[];
  /** Decoded on first use and kept: a term's postings decode once per process or isolate. */
  postings(term: string): Postings | undefined;
}

/** The loaded index: what searchDocs reads. Load it once per process or isolate and keep it (loading decodes the core file). */
export interface SearchIndex {
  pages: SearchIndexCore['pages'];
  sections: SearchIndexCore['sections'];
  /** The page of each section. */
  sectionPage: Uint32Array;
  pageLevel: IndexLevel;
  sectionLevel: IndexLevel;
  /** A section's plain text (its shard is read on first use and kept). */
  text(section: number): Promise<string>;
}

function toLevel(size: number, fieldCount: number, lengthsVlq: string, terms: Array<[string, string]>): IndexLevel {
  const lengths = Uint32Array.from(decodeVlq(lengthsVlq));
  if (lengths.length !== size * fieldCount) throw new SearchIndexError('search index: field lengths do not match the documents');
  const averages = Array.from({ length: fieldCount }, (_, f) => {
    let sum = 0;
    for (let d = 0; d < size; d++) sum += lengths[d * fieldCount + f]!;
    return size ? Math.max(sum / size, 1) : 1;
  });
  const encoded = new Map(terms);
  const decoded = new Map<string, Postings>();
  return {
    size,
    fieldCount,
    lengths,
    averages,
    postings(term) {
      const known = decoded.get(term);
      if (known) return known;
      const text = encoded.get(term);
      if (text === undefined) return undefined;
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
      const postings = { ids: Uint32Array.from(ids), counts: Uint16Array.from(counts) };
      decoded.set(term, postings);
      return postings;
    },
  };
}

/** The index from its core file's text; `readShard` fetches a text shard's JSON when a snippet first needs it. */
export function parseSearchIndex(coreJson: string, readShard: (n: number) => Promise<string | undefined>): SearchIndex {
  const core = JSON.parse(coreJson) as SearchIndexCore;
  if (core?.format !== SEARCH_INDEX_FORMAT)
    throw new SearchIndexError(`search index: format ${String(core?.format)}, this code reads ${SEARCH_INDEX_FORMAT}`);
  const sectionPage = new Uint32Array(core.sections.length);
  core.pages.forEach(([, , first], p) => {
    sectionPage.fill(p, first, core.pages[p + 1]?.[2] ?? core.sections.length);
  });
  const shards = new Map<number, Promise<SearchTextShard>>();
  const loadShard = (n: number) => {
    let shard = shards.get(n);
    if (!shard) {
      shard = readShard(n).then((text) => {
        if (text === undefined) throw new SearchIndexError(`search index: no text shard ${toSearchShardPath(n)}`);
        return JSON.parse(text) as SearchTextShard;
      });
      // A failed read is not kept: the next query tries again.
      shard.catch(() => shards.delete(n));
      shards.set(n, shard);
    }
    return shard;
  };
  return {
    pages: core.pages,
    sections: core.sections,
    sectionPage,
    pageLevel: toLevel(core.pages.length, PAGE_FIELDS.length, core.pageLengths, core.pageTerms),
    sectionLevel: toLevel(core.sections.length, SECTION_FIELDS.length, core.sectionLengths, core.sectionTerms),
    async text(section) {
      let n = core.shards.length - 1;
      while (n > 0 && core.shards[n]! > section) n--;
      const shard = await loadShard(n);
      return shard[section - core.shards[n]!] ?? '';
    },
  };
}

/** Loads the index the build wrote (SEARCH_CORE_PATH and its shards) through `read`; throws SearchIndexError when it is missing. */
export async function loadSearchIndex(read: ReadIndexFile): Promise<SearchIndex> {
  const core = await read(SEARCH_CORE_PATH);
  if (core === undefined) throw new SearchIndexError(`search index: no ${SEARCH_CORE_PATH} in the build`);
  return parseSearchIndex(core, (n) => read(toSearchShardPath(n)));
}
