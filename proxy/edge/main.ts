/**
 * The Cloudflare Workers entry (module worker). proxy/edge/bundle.ts resolves `warden:embedded-site` to the
 * content facts and dist files of one build, so nothing here reads files or a process environment.
 */
import site from 'warden:embedded-site';
import { createWorker } from './worker.ts';

/** The module worker: `fetch(request, env, ctx)` answers with the same app the Node entry serves. */
export default createWorker(site);
