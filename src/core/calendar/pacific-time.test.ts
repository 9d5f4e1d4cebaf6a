import { describe, expect, it } from 'vitest';
import { addDays, atPacificTime, getPacificWeekday, startOfPacificDay, toPacificDate } from './pacific-time';

describe('pacific time helpers', () => {
  it.each([
    ['2024-07-01', '10:00', '2024-07-01T17:00:00.000Z'],
    ['2024-12-01', '10:00', '2024-12-01T18:00:00.000Z'],
    ['2024-11-03', '13:00', '2024-11-03T21:00:00.000Z'],
    ['2025-03-09', '13:00', '2025-03-09T20:00:00.000Z'],
  ])('%s %s Pacific is %s', (date, time, iso) => {
    expect(atPacificTime(date, time).toISOString()).toBe(iso);
  });

  it('reads dates and weekdays in Pacific time, not UTC', () => {
    const instant = new Date('2024-11-04T03:00:00Z');
    expect(toPacificDate(instant)).toBe('2024-11-03');
    expect(getPacificWeekday(instant)).toBe(0);
    expect(startOfPacificDay(instant).toISOString()).toBe('2024-11-03T07:00:00.000Z');
  });

  it('adds calendar days across month ends', () => {
    expect(addDays('2024-10-31', 3)).toBe('2024-11-03');
  });
});
