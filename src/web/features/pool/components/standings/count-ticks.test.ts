import { describe, expect, it } from 'vitest';
import { getCountTicks } from './count-ticks';

describe('getCountTicks', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [5, [0, 1, 2, 3, 4, 5]],
    [7, [0, 2, 4, 6, 8]],
    [8, [0, 2, 4, 6, 8]],
    [10, [0, 2, 4, 6, 8, 10]],
    [11, [0, 5, 10, 15]],
    [48, [0, 10, 20, 30, 40, 50]],
    [1234, [0, 500, 1000, 1500]],
  ])('counts up to %i in whole, even steps', (top, ticks) => {
    expect(getCountTicks(top)).toEqual(ticks);
  });
});
