import { toDay } from './client-key.ts';

const DAY = 86_400_000;

/**
 * The UTC day (toDay's `YYYY-MM-DD`) of `now()`, the string made once per day: every counted request asks for it,
 * and writing a date is the costly part. A clock set back is followed too.
 */
export function createDayClock(now: () => number): () => string {
  let day = '';
  let starts = Number.POSITIVE_INFINITY;
  let ends = Number.NEGATIVE_INFINITY;
  return () => {
    const time = now();
    if (time < starts || time >= ends) {
      day = toDay(time);
      starts = time - (((time % DAY) + DAY) % DAY);
      ends = starts + DAY;
    }
    return day;
  };
}
