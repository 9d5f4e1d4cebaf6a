import { describe, expect, it } from 'vitest';
import { createRandom, createWeekRandom, drawOne } from './random';

describe('createRandom', () => {
  it('is mulberry32: fixed first outputs for seed 0 and 1', () => {
    const zero = createRandom(0);
    const one = createRandom(1);
    expect([zero(), zero()].map((x) => Math.floor(x * 2 ** 32))).toEqual([1144304738, 1416247]);
    expect(Math.floor(one() * 2 ** 32)).toBe(2693262067);
  });

  it('stays in [0, 1) and repeats for the same seed', () => {
    const a = createRandom(123);
    const b = createRandom(123);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it('takes the seed modulo 2^32', () => {
    expect(createRandom(-1)()).toBe(createRandom(2 ** 32 - 1)());
  });
});

describe('createWeekRandom', () => {
  it('gives each week its own stream', () => {
    expect(createWeekRandom(7, 1)()).not.toBe(createWeekRandom(7, 2)());
    expect(createWeekRandom(7, 3)()).toBe(createRandom((7 ^ Math.imul(3, 0x9e3779b1)) >>> 0)());
  });
});

describe('drawOne', () => {
  it('draws nothing from an empty list', () => {
    expect(drawOne([], () => 0.5)).toBeUndefined();
  });
});
