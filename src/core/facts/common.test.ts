import { describe, expect, it } from 'vitest';
import { GameStartSchema, GameStatusSchema, TeamAbbSchema } from './common';

describe('common fact schemas', () => {
  it.each([
    ['2024-11-02T00:00:00Z', true],
    ['2024-11-02T00:00:00-07:00', true],
    ['2024-11-02', false],
  ])('game start %s valid=%s', (value, valid) => {
    expect(GameStartSchema.safeParse(value).success).toBe(valid);
  });

  it('trims team abbreviations and rejects empty ones', () => {
    expect(TeamAbbSchema.parse(' LAL ')).toBe('LAL');
    expect(TeamAbbSchema.safeParse(' ').success).toBe(false);
  });

  it('knows the provider-neutral statuses', () => {
    expect(GameStatusSchema.options).toEqual(['scheduled', 'in_progress', 'final', 'postponed']);
  });
});
