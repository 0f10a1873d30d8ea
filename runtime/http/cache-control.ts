/** Hashed build assets never change under one name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Documents change with each deploy: shared caches (the CDN) keep them briefly, then revalidate with the ETag. */
export const SHORT = 'public, max-age=300, must-revalidate';

/** The cache policy of a dist file by its path: Astro's hashed assets under /_astro/ are immutable, the rest short. */
export function toCacheControl(path: string): string {
  return path.startsWith('/_astro/') ? IMMUTABLE : SHORT;
}
