// The search engine alone as a module worker, for the benchmark's fresh-isolate timings in workerd: the index is
// loaded through the ASSETS binding on the first request and kept for the isolate's life, as the edge will.
import { loadSearchIndex, type SearchIndex } from '../../runtime/search/load-search-index.ts';
import { searchDocs } from '../../runtime/search/search-docs.ts';

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
}

let index: Promise<SearchIndex> | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    // A request that loads nothing: the benchmark's first, so the isolate's own start is not counted as the index's.
    if (url.searchParams.has('ping')) return new Response(null, { status: 204 });
    index ??= loadSearchIndex(async (path) => {
      const res = await env.ASSETS.fetch(new Request(`https://assets.invalid${path}`));
      return res.ok ? res.text() : undefined;
    });
    const q = url.searchParams.get('q') ?? '';
    return Response.json(await searchDocs(await index, { q, limit: 5 }));
  },
};
