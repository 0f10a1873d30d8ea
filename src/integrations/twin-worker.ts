// Worker thread of convert-twins.ts: converts its share of the built pages to markdown twins.
// Runs as plain Node (type stripping), so it imports only erasable TypeScript.
import { parentPort, workerData } from 'node:worker_threads';
import { convertInPlace, type TwinJob } from './convert-twins.ts';

try {
  convertInPlace(workerData as TwinJob);
  parentPort?.postMessage({ ok: true });
} catch (error) {
  parentPort?.postMessage({ ok: false, message: (error as Error).message });
}
