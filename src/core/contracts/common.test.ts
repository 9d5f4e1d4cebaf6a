import { describe, expect, it } from 'vitest';
import { idSchema } from './common';

const id = idSchema('No league was found matching these parameters.');

describe('idSchema', () => {
  it.each([
    [7, 7],
    ['7', 7],
    ['2147483647', 2147483647],
  ])('reads %j as the id %d', (input, expected) => {
    expect(id.parse(input)).toBe(expected);
  });

  it.each([true, [5], null, '', ' 5', '5.0', '-3', 0, 1.5, 2147483648, '99999999999', 'abc'])(
    'refuses %j with the given message',
    (input) => {
      const parsed = id.safeParse(input);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('No league was found matching these parameters.');
    },
  );
});
