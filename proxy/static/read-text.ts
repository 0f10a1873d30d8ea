import type { SiteFiles } from './static-files.ts';

/** A file of the build as text, whether the store holds its bytes (Node) or streams them (the worker's assets); undefined when there is none. */
export async function readText(files: SiteFiles, path: string): Promise<string | undefined> {
  const file = await files.get(path);
  if (!file) return undefined;
  return file.body instanceof Uint8Array ? new TextDecoder().decode(file.body) : new Response(file.body).text();
}
