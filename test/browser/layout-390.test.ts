import { describeLayoutAt } from './layout-check.ts';

// A phone: every page's layout, overflow and layout shift at 390 px.
describeLayoutAt(390);
