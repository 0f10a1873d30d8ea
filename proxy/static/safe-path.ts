/**
 * Decodes a request path once and refuses anything that could name a file outside dist:
 * dot segments, backslashes, NUL and other control bytes, and leftover `%` (double encoding).
 * Returns undefined for a refused path. Files are looked up in an in-memory table, so this is
 * defence in depth: no refused path ever reaches a lookup.
 */
export function toSafePath(pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined; // malformed percent-encoding
  }
  if (!path.startsWith('/')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a path holding a control character is refused, so they are matched on purpose
  if (/[\\%\u0000-\u001f\u007f]/.test(path)) return undefined;
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
  if (path.includes('//')) return undefined;
  return path;
}
