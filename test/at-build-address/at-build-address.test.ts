/**
 * The tests that serve the test build where its links point: the edge on its base URL's port and the sandbox on its
 * hosted origin's. Those two ports take one deployment at a time, so these suites run one after another in this one
 * file, while every other file runs beside it on the other worker.
 */
import './verify.ts';
import './verify-broken.ts';
import './try-it.ts';
import './try-it-offline.ts';
import './webmcp-tools.ts';
import './afdocs.ts';
