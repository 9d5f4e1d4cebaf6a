import { describe, expect, it } from 'vitest';
import { queryString } from './api';

describe('queryString', () => {
  it('writes the values in their order, leaving out undefined, null and empty ones', () => {
    expect(queryString({ page: 2, pageSize: 50, q: '', sort: undefined, entry: null })).toBe(
      '?page=2&pageSize=50',
    );
    expect(queryString({ view: 'alive', page: 1, week: 0, alive: false })).toBe(
      '?view=alive&page=1&week=0&alive=false',
    );
  });

  it('encodes what it sends, so a search cannot add parameters', () => {
    const text = queryString({ q: 'a&b=c d/é', page: 1 });
    expect(text).toBe('?q=a%26b%3Dc+d%2F%C3%A9&page=1');
    expect(Object.fromEntries(new URLSearchParams(text))).toEqual({ q: 'a&b=c d/é', page: '1' });
  });

  it('is empty when nothing is left to send', () => {
    expect(queryString({})).toBe('');
    expect(queryString({ q: '', page: undefined })).toBe('');
  });
});
