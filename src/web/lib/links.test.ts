import { describe, expect, it } from 'vitest';
import { splitLinks } from './links';

describe('splitLinks', () => {
  it('finds http(s) links in plain text, leaving sentence punctuation outside', () => {
    expect(splitLinks('Open http://localhost:3000/verify-email/abc_1-2. Thanks')).toEqual([
      { kind: 'text', text: 'Open ' },
      {
        kind: 'link',
        text: 'http://localhost:3000/verify-email/abc_1-2',
        href: 'http://localhost:3000/verify-email/abc_1-2',
      },
      { kind: 'text', text: '. Thanks' },
    ]);
    expect(splitLinks('(see https://x.io/a?b=1&c=2)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://x.io/a?b=1&c=2', href: 'https://x.io/a?b=1&c=2' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never makes other schemes or markup into links', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,<b>x</b>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,<b>x</b>' },
    ]);
    expect(splitLinks('<a href="javascript:x">https://ok.io/"onclick=x</a>')).toEqual([
      { kind: 'text', text: '<a href="javascript:x">' },
      { kind: 'link', text: 'https://ok.io/', href: 'https://ok.io/' },
      { kind: 'text', text: '"onclick=x</a>' },
    ]);
    expect(splitLinks('')).toEqual([]);
  });
});
