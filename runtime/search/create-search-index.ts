import { createWordTerms, toTerms } from './tokenize.ts';
import { encodeVlq } from './vlq.ts';
import {
  SEARCH_CORE_PATH,
  SEARCH_INDEX_FORMAT,
  toSearchShardPath,
  toSearchTermShardPath,
  type SearchIndexCore,
  type SearchPageInput,
  type SearchTermShard,
  type SearchTextShard,
} from './search-index-format.ts';

/**
 * Characters of section text per text shard: the results of one query read up to one shard each, in the browser too,
 * so a shard stays a small download.
 */
export const SHARD_CHARS = 32 * 1024;
/** Characters of postings per term shard: a query reads one shard per term, so the first query in a browser stays small. */
export const TERM_SHARD_CHARS = 16 * 1024;

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

  /** A term's encoded postings, empty when no document holds it. */
  encode(term: string): string {
    const list = this.lists.get(term);
    return list ? encodeVlq(list) : '';
  }
}

/**
 * Every term of both levels with its postings, in code-unit order of the terms (the same input gives the same bytes),
 * cut into shards of about TERM_SHARD_CHARS; a term is never split.
 */
function toTermShards(pages: Postings, sections: Postings): { firsts: string[]; shards: SearchTermShard[] } {
  const terms = [...new Set([...pages.lists.keys(), ...sections.lists.keys()])].sort();
  const firsts: string[] = [];
  const shards: SearchTermShard[] = [];
  let chars = Number.POSITIVE_INFINITY;
  for (const term of terms) {
    const entry: SearchTermShard[number] = [term, pages.encode(term), sections.encode(term)];
    if (chars >= TERM_SHARD_CHARS) {
      firsts.push(term);
      shards.push([]);
      chars = 0;
    }
    shards.at(-1)!.push(entry);
    chars += term.length + entry[1].length + entry[2].length;
  }
  return { firsts, shards };
}

/** The index of a site's pages: the core (pages, lengths, shard starts), the term shards and the text shards. */
export function createSearchIndex(pages: readonly SearchPageInput[]): {
  core: SearchIndexCore;
  termShards: SearchTermShard[];
  textShards: SearchTextShard[];
} {
  const pagePostings = new Postings();
  const sectionPostings = new Postings();
  const core: SearchIndexCore = {
    format: SEARCH_INDEX_FORMAT,
    version: '',
    pages: [],
    sectionCount: 0,
    pageLengths: '',
    sectionLengths: '',
    termShards: [],
    textShards: [],
  };
  const textShards: SearchTextShard[] = [];
  let shardChars = Number.POSITIVE_INFINITY;
  pages.forEach((page, pageId) => {
    if (page.sections.length === 0) throw new Error(`${page.path}: a page without sections cannot be indexed`);
    core.pages.push([page.path, page.title, core.sectionCount]);
    pagePostings.add(pageId, [page.title, page.description]);
    for (const section of page.sections) {
      const id = core.sectionCount++;
      sectionPostings.add(id, [section.heading, section.text]);
      if (shardChars >= SHARD_CHARS) {
        core.textShards.push(id);
        textShards.push([]);
        shardChars = 0;
      }
      textShards.at(-1)!.push([section.heading, section.fragment, section.text]);
      shardChars += section.heading.length + section.fragment.length + section.text.length;
    }
  });
  core.pageLengths = encodeVlq(pagePostings.lengths);
  core.sectionLengths = encodeVlq(sectionPostings.lengths);
  const terms = toTermShards(pagePostings, sectionPostings);
  core.termShards = terms.firsts;
  return { core, termShards: terms.shards, textShards };
}

/** FNV-1a over UTF-16 code units, two 32-bit lanes with different offsets: 16 hex digits that change with any content. */
function toDigest(texts: readonly string[]): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (const text of texts) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193) >>> 0;
      b = Math.imul(b ^ c, 0x01000193) >>> 0;
    }
    a = Math.imul(a ^ 0xff, 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** The index as the files the build writes: the core file, each term shard, then each text shard (JSON, paths from search-index-format.ts). */
export function toSearchIndexFiles(pages: readonly SearchPageInput[]): Array<{ path: string; text: string }> {
  const { core, termShards, textShards } = createSearchIndex(pages);
  const terms = termShards.map((shard) => JSON.stringify(shard));
  const texts = textShards.map((shard) => JSON.stringify(shard));
  core.version = toDigest([JSON.stringify(core), ...terms, ...texts]);
  return [
    { path: SEARCH_CORE_PATH, text: JSON.stringify(core) },
    ...terms.map((text, n) => ({ path: toSearchTermShardPath(core.version, n), text })),
    ...texts.map((text, n) => ({ path: toSearchShardPath(core.version, n), text })),
  ];
}
