import { describeLayoutAt } from './layout-check.ts';

// A laptop: every page's layout, overflow and layout shift at 1280 px.
describeLayoutAt(1280);
