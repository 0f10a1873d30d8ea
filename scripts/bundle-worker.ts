/**
 * `npm run bundle:worker` (also wrangler.jsonc's build command, so `npx wrangler deploy` runs it): bundles the
 * Cloudflare Workers entry (proxy/worker/main.ts) with the facts of the built dist (WARDEN_OUT_DIR, default dist/)
 * into dist-worker/worker.js. dist itself is uploaded as the worker's static assets.
 */
import { bundleWorker } from './worker-bundle.ts';

const distDir = process.env.WARDEN_OUT_DIR || 'dist';
const { outFile, bytes, gzipBytes } = await bundleWorker({ distDir, outFile: 'dist-worker/worker.js' });
console.log(`Wrote ${outFile} (${(bytes / 1024).toFixed(0)} KiB, ${(gzipBytes / 1024).toFixed(0)} KiB gzipped) for ${distDir}/`);
