import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under a folder, as paths relative to it with forward slashes, sorted. */
export function listFiles(root: string, sub = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(root, rel));
    else out.push(rel);
  }
  return out.sort();
}

/** `docs/x.html` → `/docs/x`, `index.html` → `/`: the public path of a built HTML file. */
export function toPagePathOfHtmlFile(file: string): string {
  const path = `/${file.replace(/\.html$/, '')}`;
  return path === '/index' ? '/' : path.replace(/\/index$/, '');
}
