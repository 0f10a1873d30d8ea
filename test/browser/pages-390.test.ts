import { describeEveryPageAt } from '../helpers/browser/every-page-check.ts';

// A phone: every page loads cleanly and holds its layout at 390 px, with the CPU slowed as a mid-range phone's is.
describeEveryPageAt(390);
