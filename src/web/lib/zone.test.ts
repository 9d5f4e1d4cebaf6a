import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { displayZone, setZoneSource, zoned } from './zone';

afterEach(() => setZoneSource(() => undefined));

describe('times in the zone of the render', () => {
  it("reads an instant on the display zone's wall clock, summer and winter", () => {
    setZoneSource(() => 'America/New_York');
    expect(zoned('2023-09-25T17:10:00.000Z').format('dddd, MMMM D, YYYY h:mm A')).toBe(
      'Monday, September 25, 2023 1:10 PM',
    );
    expect(zoned(new Date('2023-12-01T03:30:00.000Z')).format('ddd M/D h:mm A')).toBe('Thu 11/30 10:30 PM');
    setZoneSource(() => 'Asia/Kolkata');
    expect(zoned('2023-09-25T17:10:00.000Z').format('h:mm A')).toBe('10:40 PM');
    expect(displayZone()).toBe('Asia/Kolkata');
  });

  it('keeps a calendar date the same date in any zone', () => {
    setZoneSource(() => 'Pacific/Honolulu');
    expect(zoned('2023-09-25').format('ddd M/D')).toBe('Mon 9/25');
  });

  it("is the runtime's own zone when none is set", () => {
    const instant = '2023-09-25T17:10:00.000Z';
    expect(zoned(instant).format('YYYY-MM-DD HH:mm')).toBe(dayjs(instant).format('YYYY-MM-DD HH:mm'));
  });
});
