import { describe, expect, it } from 'vitest';
import { WeekTeamRecordsSchema } from './week-records';

describe('WeekTeamRecordsSchema', () => {
  it('parses week records', () => {
    expect(WeekTeamRecordsSchema.parse([{ week: 2, team_abb: 'LAL', wins: 4, losses: 0 }])).toHaveLength(1);
    expect(WeekTeamRecordsSchema.safeParse([{ week: 0, team_abb: 'LAL', wins: 4, losses: 0 }]).success).toBe(
      false,
    );
  });
});
