import { toKnownContentType } from '../../facts/content-types.ts';
import { toCacheControl } from '../../runtime/http/cache-control.ts';
import { PRIVATE_FILES, toMarkdownTokens, type SiteFiles, type StaticFile } from '../static/static-files.ts';

/** The Workers Static Assets binding (`env.ASSETS`): a fetcher over the uploaded dist folder. */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

// Any origin reaches the binding; only the path names the file.
const ASSETS_ORIGIN = 'https://assets.invalid';

/**
 * dist files read from Workers Static Assets by file path (wrangler.jsonc sets `html_handling: "none"`, so
 * `/docs/x.html` is that file and nothing is rewritten). The app decides what a request path means, as on Node.
 */
export function createAssetFiles(assets: AssetsBinding): SiteFiles {
  const request = (path: string, method: 'GET' | 'HEAD') => assets.fetch(new Request(`${ASSETS_ORIGIN}${encodeURI(path)}`, { method }));
  return {
    async get(path) {
      if (PRIVATE_FILES.has(path)) return undefined;
      const res = await request(path, 'GET');
      if (res.status !== 200 || !res.body) {
        await res.body?.cancel();
        return undefined;
      }
      const length = res.headers.get('content-length');
      const type = toKnownContentType(path) ?? res.headers.get('content-type') ?? 'application/octet-stream';
      let body: StaticFile['body'] = res.body;
      let size = length === null ? undefined : Number(length);
      // A twin's token estimate needs its length (toMarkdownTokens); a twin streamed without one is read whole, as it is small.
      if (size === undefined && type.startsWith('text/markdown')) {
        body = new Uint8Array(await res.arrayBuffer());
        size = body.byteLength;
      }
      const etag = res.headers.get('etag') ?? '';
      const file: StaticFile = { body, size, etag, type, cacheControl: toCacheControl(path), tokens: toMarkdownTokens(type, size) };
      return file;
    },
    async has(path) {
      if (PRIVATE_FILES.has(path)) return false;
      return (await request(path, 'HEAD')).status === 200;
    },
  };
}
