import { describe, expect, it } from 'vitest';
import { formatMailInstant } from './mail-format';

describe('formatMailInstant', () => {
  it('writes every mail instant one way, in UTC', () => {
    expect(formatMailInstant(new Date('2023-09-25T17:10:00Z'))).toBe('Mon, Sep 25, 5:10 PM UTC');
    expect(formatMailInstant(new Date('2023-12-31T00:05:00Z'))).toBe('Sun, Dec 31, 12:05 AM UTC');
  });
});
