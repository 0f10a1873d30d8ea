/**
 * The Cloudflare Workers entry (module worker). scripts/worker-bundle.ts resolves `warden:build-facts` to the
 * facts of one build; the files stay in Workers Static Assets (`env.ASSETS`), so nothing here grows with the site.
 */
import facts from 'warden:build-facts';
import { createWorker } from './worker.ts';

/** The module worker: `fetch(request, env, ctx)` answers with the same app the Node entry serves. */
export default createWorker(facts);
