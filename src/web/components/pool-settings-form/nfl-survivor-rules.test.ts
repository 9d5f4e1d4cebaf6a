import { describe, expect, it } from 'vitest';
import {
  describeMultiPickWeeks,
  multiPickRange,
  sharedPickCount,
  withinSeason,
  withPickCount,
  withWeekPicks,
} from './nfl-survivor-rules';

describe("NFL Survivor's multi-pick weeks", () => {
  it('says the weeks in words, consecutive ones as a range, each count apart', () => {
    expect(describeMultiPickWeeks({})).toBe('None');
    expect(describeMultiPickWeeks({ 12: 2 })).toBe('Week 12: 2 picks');
    expect(describeMultiPickWeeks(multiPickRange(12, 18, 2))).toBe('Weeks 12–18: 2 picks');
    expect(describeMultiPickWeeks({ 17: 3, 13: 2, 8: 2, 12: 2 })).toBe(
      'Weeks 8, 12–13: 2 picks; Week 17: 3 picks',
    );
  });

  it('adds a week with its count, in week order, and a count of 1 makes it a plain week again', () => {
    const weeks = withWeekPicks({ 14: 2 }, 9, 2);
    expect(Object.keys(weeks)).toEqual(['9', '14']);
    expect(withWeekPicks(weeks, 14, 1)).toEqual({ 9: 2 });
    expect(withWeekPicks({}, 3, 1)).toEqual({});
  });

  it('knows the count the weeks share, and sets one for all but the weeks kept', () => {
    expect(sharedPickCount({})).toBeNull();
    expect(sharedPickCount({ 12: 2, 13: 2 })).toBe(2);
    expect(sharedPickCount({ 12: 2, 13: 3 })).toBeNull();
    expect(withPickCount({ 12: 2, 13: 2 }, 3)).toEqual({ 12: 3, 13: 3 });
    expect(withPickCount({ 12: 2, 13: 2 }, 3, [12])).toEqual({ 12: 2, 13: 3 });
  });

  it('keeps only the weeks of the season, and makes no range that ends before it starts', () => {
    expect(withinSeason({ 12: 2, 18: 2, 19: 3 }, 18)).toEqual({ 12: 2, 18: 2 });
    expect(multiPickRange(12, 11, 2)).toEqual({});
  });
});
