import { createWordTerms, toTerms } from './tokenize.ts';
import { encodeVlq } from './vlq.ts';
import {
  SEARCH_CORE_PATH,
  SEARCH_INDEX_FORMAT,
  toSearchShardPath,
  type SearchIndexCore,
  type SearchPageInput,
  type SearchTextShard,
} from './search-index-format.ts';

/** Characters of section text per shard: a result's snippet reads one shard, so a shard is small next to the core file. */
export const SHARD_CHARS = 256 * 1024;

/** Postings of one level (pages or sections) as they are counted: term → flat list of (id delta, mask, counts…). */
class Postings {
  readonly wordTerms = createWordTerms();
  readonly lists = new Map<string, number[]>();
  readonly lastId = new Map<string, number>();
  readonly lengths: number[] = [];

  /** Counts the terms of one document's fields (in mask bit order); documents are added in id order. */
  add(id: number, fields: readonly string[]): void {
    const counts = new Map<string, number[]>();
    fields.forEach((text, f) => {
      const terms = toTerms(text, this.wordTerms);
      this.lengths.push(terms.length);
      for (const term of terms) {
        const tf = counts.get(term) ?? counts.set(term, new Array<number>(fields.length).fill(0)).get(term)!;
        tf[f]! += 1;
      }
    });
    for (const [term, tf] of counts) {
      const list = this.lists.get(term) ?? this.lists.set(term, []).get(term)!;
      list.push(
        id - (this.lastId.get(term) ?? 0),
        tf.reduce((mask, n, f) => (n > 0 ? mask | (1 << f) : mask), 0),
      );
      for (const n of tf) if (n > 0) list.push(n);
      this.lastId.set(term, id);
    }
  }

  /** Every term with its encoded postings, in code-unit order of the terms (the same input gives the same bytes). */
  encode(): Array<[string, string]> {
    return [...this.lists.keys()].sort().map((term) => [term, encodeVlq(this.lists.get(term)!)]);
  }
}

/** The index of a site's pages: the core (postings, pages, sections) and the section texts in shards of about SHARD_CHARS. */
export function createSearchIndex(pages: readonly SearchPageInput[]): { core: SearchIndexCore; shards: SearchTextShard[] } {
  const pagePostings = new Postings();
  const sectionPostings = new Postings();
  const core: SearchIndexCore = {
    format: SEARCH_INDEX_FORMAT,
    pages: [],
    sections: [],
    pageLengths: '',
    sectionLengths: '',
    shards: [],
    pageTerms: [],
    sectionTerms: [],
  };
  const shards: SearchTextShard[] = [];
  let shardChars = Number.POSITIVE_INFINITY;
  pages.forEach((page, pageId) => {
    if (page.sections.length === 0) throw new Error(`${page.path}: a page without sections cannot be indexed`);
    core.pages.push([page.path, page.title, core.sections.length]);
    pagePostings.add(pageId, [page.title, page.description]);
    for (const section of page.sections) {
      const id = core.sections.length;
      core.sections.push([section.heading, section.fragment]);
      sectionPostings.add(id, [section.heading, section.text]);
      if (shardChars >= SHARD_CHARS) {
        core.shards.push(id);
        shards.push([]);
        shardChars = 0;
      }
      shards.at(-1)!.push(section.text);
      shardChars += section.text.length;
    }
  });
  core.pageLengths = encodeVlq(pagePostings.lengths);
  core.sectionLengths = encodeVlq(sectionPostings.lengths);
  core.pageTerms = pagePostings.encode();
  core.sectionTerms = sectionPostings.encode();
  return { core, shards };
}

/** The index as the files the build writes: the core file, then each text shard (JSON, paths from search-index-format.ts). */
export function toSearchIndexFiles(pages: readonly SearchPageInput[]): Array<{ path: string; text: string }> {
  const { core, shards } = createSearchIndex(pages);
  return [
    { path: SEARCH_CORE_PATH, text: JSON.stringify(core) },
    ...shards.map((shard, n) => ({ path: toSearchShardPath(n), text: JSON.stringify(shard) })),
  ];
}
