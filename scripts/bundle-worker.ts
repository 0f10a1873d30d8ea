/**
 * `npm run bundle:worker`: bundles the Cloudflare Workers entry (proxy/edge/main.ts) with the built dist
 * (WARDEN_OUT_DIR, default dist/) and the facts its build wrote into one ES module, dist-worker/worker.js.
 */
import { bundleWorker } from '../proxy/node/bundle-worker.ts';

const distDir = process.env.WARDEN_OUT_DIR || 'dist';
const { outFile, bytes, files } = await bundleWorker({ distDir, outFile: 'dist-worker/worker.js' });
console.log(`Wrote ${outFile} (${(bytes / 1024 / 1024).toFixed(1)} MiB, ${files} files from ${distDir}/)`);
