import { describeEveryPageAt } from '../helpers/browser/every-page-check.ts';

// A laptop: every page loads cleanly, passes axe-core's serious and critical rules, and holds its layout at 1280 px.
describeEveryPageAt(1280, { axe: true });
