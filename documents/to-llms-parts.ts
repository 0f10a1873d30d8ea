import type { LlmsFile, LlmsGroup } from './to-llms-sections.ts';

/** Whether one llms.txt file (and the llms-full.txt beside it) listing these pages stays within its budget. */
export type FitsFile = (file: LlmsFile) => boolean;

/**
 * The files a group of pages is listed in: one (`F/llms.txt`) when it fits, else numbered parts, each the longest run
 * of the group's pages, in order, that still fits. The root's own pages always take parts: `/llms.txt` is the index.
 * A part holds at least one page, so a page too large for any file still gets one of its own.
 * `fits` must grow no more likely to pass as pages are added (a longer list is never smaller), which lets each part's
 * end be found by galloping then halving: a few renders per part instead of one per page.
 */
export function toLlmsParts(group: LlmsGroup, fits: FitsFile): LlmsFile[] {
  if (group.folder !== '' && fits(group)) return [group];
  const { pages } = group;
  const files: LlmsFile[] = [];
  for (let start = 0; start < pages.length; ) {
    const n = files.length + 1;
    const part = (end: number): LlmsFile => ({
      ...group,
      pages: pages.slice(start, end),
      part: { n, first: start + 1, last: end, of: pages.length },
    });
    // The end of the longest fitting run, and that run as a file (kept: the caller may have rendered it already).
    let good = start + 1;
    let best = part(good);
    let bad = pages.length + 1;
    const probe = (end: number) => {
      const candidate = part(end);
      if (!fits(candidate)) return false;
      [good, best] = [end, candidate];
      return true;
    };
    for (let step = 1; good + step < bad; step *= 2) {
      if (!probe(good + step)) {
        bad = good + step;
        break;
      }
    }
    while (bad - good > 1) {
      const mid = (good + bad) >> 1;
      if (!probe(mid)) bad = mid;
    }
    files.push(best);
    start = good;
  }
  return files;
}
