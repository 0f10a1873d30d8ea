import { readContent, type Content } from './read-content.ts';

let cached: Content | undefined;

/** The validated content for this build, read once. */
export function getContent(): Content {
  cached ??= readContent();
  return cached;
}
