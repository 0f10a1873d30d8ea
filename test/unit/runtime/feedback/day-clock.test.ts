import { describe, expect, it } from 'vitest';
import { createDayClock } from '../../../../runtime/feedback/day-clock.ts';

describe('the day of the counts', () => {
  it('is the UTC day, changing at midnight UTC, and follows a clock set back', () => {
    const clock = { now: Date.parse('2026-12-07T23:59:59.999Z') };
    const today = createDayClock(() => clock.now);
    expect(today()).toBe('2026-12-07');
    clock.now += 1;
    expect(today()).toBe('2026-12-08');
    clock.now = Date.parse('2026-12-08T23:59:59.999Z');
    expect(today()).toBe('2026-12-08');
    clock.now = Date.parse('2026-12-06T12:00:00Z');
    expect(today()).toBe('2026-12-06');
    clock.now = Date.parse('1969-12-31T12:00:00Z');
    expect(today()).toBe('1969-12-31');
  });
});
