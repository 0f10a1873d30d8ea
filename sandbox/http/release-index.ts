import { parseAccept, toQuality } from '../../runtime/http/accept.ts';
import { LATEST_PATH, SUMS_FILE, SUMS_SIGNATURE_FILE, toVersionPath } from '../../runtime/release/release-layout.ts';
import { escapeHtml } from '../pages/layout.ts';

/** One entry of a release folder: a file with its size, or a folder. */
export interface ReleaseEntry {
  name: string;
  folder: boolean;
  size?: number;
}

/** What a folder's index is written as: HTML for browsers, markdown for agents and scripts that ask for text. */
export type IndexFormat = 'html' | 'markdown';

/**
 * The index's format for an Accept header (RFC 9110 §12.5.1): markdown when text/markdown or text/plain is listed
 * with a weight at least HTML's (agents, `curl -H 'Accept: text/plain'`), HTML otherwise (browsers, no header).
 */
export function toIndexFormat(accept: string | null | undefined): IndexFormat {
  const ranges = parseAccept(accept);
  const html = toQuality(ranges, 'text/html') ?? 0;
  const text = Math.max(toQuality(ranges, 'text/markdown', true) ?? 0, toQuality(ranges, 'text/plain', true) ?? 0);
  return text > 0 && text >= html ? 'markdown' : 'html';
}

/** What each kind of release file is, for the reader who does not know the layout. */
function toNote(entry: ReleaseEntry): string {
  if (entry.folder) return 'folder';
  if (entry.name === SUMS_FILE) return 'SHA-256 checksums of the archives';
  if (entry.name === SUMS_SIGNATURE_FILE) return `SSH signature of ${SUMS_FILE} (ssh-keygen -Y verify)`;
  return `${entry.size ?? 0} bytes`;
}

/**
 * The index of one release folder (`path` is its public path, with a trailing slash): every archive, SHA256SUMS and
 * its signature linked by absolute path, so the links hold whether the folder was asked for with a slash or not.
 */
export function toReleaseIndex(title: string, path: string, entries: ReleaseEntry[], format: IndexFormat): string {
  const href = (entry: ReleaseEntry) => `${path}${encodeURIComponent(entry.name)}${entry.folder ? '/' : ''}`;
  const label = (entry: ReleaseEntry) => `${entry.name}${entry.folder ? '/' : ''}`;
  const intro = `The command-line release: one archive per platform, ${SUMS_FILE} and its signature. ${LATEST_PATH}/ is the newest release; ${toVersionPath('<version>')}/ each one.`;
  if (format === 'markdown') {
    const items = entries.map((e) => `- [${label(e)}](${href(e)}): ${toNote(e)}`);
    return `# ${title}: ${path}\n\n${intro}\n\n${items.join('\n')}\n`;
  }
  const items = entries.map((e) => `<li><a href="${escapeHtml(href(e))}">${escapeHtml(label(e))}</a>: ${escapeHtml(toNote(e))}</li>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`${title}: ${path}`)}</title></head>
<body><main><h1>${escapeHtml(`${title}: ${path}`)}</h1><p>${escapeHtml(intro)}</p><ul>
${items.join('\n')}
</ul></main></body></html>
`;
}
