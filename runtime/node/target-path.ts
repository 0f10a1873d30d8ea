/** The path of a request target as node:http gives it (`req.url`), without its query. */
export function toTargetPath(url: string | undefined): string {
  const target = url ?? '/';
  const query = target.indexOf('?');
  return query < 0 ? target : target.slice(0, query);
}
