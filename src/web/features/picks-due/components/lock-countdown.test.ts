import { describe, expect, it } from 'vitest';
import { formatTimeLeft, lockUrgencyColor } from './lock-countdown';

describe('formatTimeLeft', () => {
  it('shows days and hours, hours and minutes, then minutes and seconds', () => {
    expect(formatTimeLeft(((2 * 24 + 4) * 60 + 59) * 60_000)).toBe('2d 4h');
    expect(formatTimeLeft((3 * 60 + 12) * 60_000 + 59_000)).toBe('3h 12m');
    expect(formatTimeLeft(12 * 60_000 + 5_400)).toBe('12m 5s');
    expect(formatTimeLeft(999)).toBe('0m 0s');
  });

  it('says locked once the time has run out', () => {
    expect(formatTimeLeft(0)).toBe('locked');
    expect(formatTimeLeft(-5_000)).toBe('locked');
  });
});

describe('lockUrgencyColor', () => {
  it('is red in the last 2 hours, orange in the last day, plain before', () => {
    const hour = 3_600_000;
    expect(lockUrgencyColor(90 * 60_000)).toBe('red.9');
    expect(lockUrgencyColor(2 * hour - 1)).toBe('red.9');
    expect(lockUrgencyColor(2 * hour)).toBe('orange.9');
    expect(lockUrgencyColor(23 * hour)).toBe('orange.9');
    expect(lockUrgencyColor(24 * hour)).toBeUndefined();
    expect(lockUrgencyColor(20 * 24 * hour)).toBeUndefined();
  });
});
