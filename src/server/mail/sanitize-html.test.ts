import { describe, expect, it } from 'vitest';
import { timeLimit } from '../test/time-limit';
import { htmlToText, safeHref, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it.each([
    [
      '<p><b>Bold</b> <i>it</i> <u>u</u> <strong>s</strong> <em>e</em><br></p>',
      '<p><b>Bold</b> <i>it</i> <u>u</u> <strong>s</strong> <em>e</em><br /></p>',
    ],
    [
      '<ul><li>one</li><li>two</li></ul><ol><li>x</li></ol>',
      '<ul><li>one</li><li>two</li></ul><ol><li>x</li></ol>',
    ],
    ['<script>alert(1)</script>Hi', 'Hi'],
    ['<style>p{color:red}</style><p>ok</p>', '<p>ok</p>'],
    ['<iframe src="https://evil"></iframe>x', 'x'],
    ['<img src=x onerror=alert(1)>pic', 'pic'],
    ['<p onclick="alert(1)" style="color:red" class="x">text</p>', '<p>text</p>'],
    ['<div><span>kept text</span></div>', 'kept text'],
    ['<!-- secret --><p>a</p>', '<p>a</p>'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
    ['Tom &amp; Jerry &lt;3', 'Tom &amp; Jerry &lt;3'],
    // Quotes are harmless in text; only attribute values escape them.
    ['"quoted" \'single\'', '"quoted" \'single\''],
    ['<b>unclosed <i>nested', '<b>unclosed <i>nested</i></b>'],
    ['</b>stray close', 'stray close'],
    ['<b><i>crossed</b></i>', '<b><i>crossed</i></b>'],
    ['<BR/>upper<P>case</P>', '<br />upper<p>case</p>'],
    ['<object data="x"><param name="a">inner</object>after', 'after'],
    ['<select><option>choice</option></select>after', 'after'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<svg><script>alert(1)</script></svg>after', 'after'],
  ])('%s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('keeps links with http, https and mailto targets and opens them safely', () => {
    expect(sanitizeHtml('<a href="https://ala.example/x?a=1&amp;b=2" title="t">site</a>')).toBe(
      '<a href="https://ala.example/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">site</a>',
    );
    expect(sanitizeHtml("<a href='mailto:c@example.com'>mail</a>")).toContain('href="mailto:c@example.com"');
    expect(sanitizeHtml('<a href=http://plain.example>p</a>')).toContain('href="http://plain.example/"');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    '&#106;avascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:x',
    '/relative/path',
    '',
  ])('drops the link tag but keeps its text for href %j', (href) => {
    expect(sanitizeHtml(`<a href="${href}">click</a>`)).toBe('click');
  });

  it('reads crafted input in linear time: 50,000 unfinished "<a" and deep nesting', () => {
    const started = Date.now();
    expect(sanitizeHtml('<a'.repeat(50_000))).toBe('');
    // A guard only, generous for a loaded machine: a backtracking tokenizer would blow far past it.
    expect(Date.now() - started).toBeLessThan(timeLimit(2_000));
    const nested = sanitizeHtml(`${'<b>'.repeat(30_000)}deep`);
    expect(nested).toContain('deep');
    // Nesting past 20 levels is flattened rather than kept.
    expect(nested.match(/<b>/g)?.length).toBeLessThanOrEqual(20);
  });

  it('never lets an attribute break out of its quotes', () => {
    const out = sanitizeHtml('<a href="https://x.example/&quot; onmouseover=&quot;alert(1)">x</a>');
    expect(out).not.toMatch(/onmouseover="/);
    expect(out.startsWith('<a href="https://x.example/')).toBe(true);
  });
});

/** Why the HTML is not balanced (an unknown tag, an end tag out of order, an element left open), or null. */
function unbalanced(html: string): string | null {
  const allowed = new Set(['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'a', 'ul', 'ol', 'li']);
  const open: string[] = [];
  for (const [, end, name, selfClosing] of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    if (!allowed.has(name)) return `<${end}${name}> is not an allowed tag`;
    if (name === 'br') {
      if (!selfClosing) return '<br> is not self-closed';
    } else if (end) {
      const top = open.pop();
      if (top !== name) return `</${name}> closes <${top}>`;
    } else {
      open.push(name);
    }
  }
  return open.length > 0 ? `left open: ${open.join(', ')}` : null;
}

describe('sanitizeHtml always balances its output', () => {
  it('keeps the letter after a dropped link outside the next, good link', () => {
    expect(
      sanitizeHtml(
        '<p><a href="javascript:alert(1)">bad</a> then <a href="https://ok.example">good</a> rest</p><p>more</p>',
      ),
    ).toBe(
      '<p>bad then <a href="https://ok.example/" target="_blank" rel="noopener noreferrer">good</a> rest</p><p>more</p>',
    );
  });

  it.each([
    [
      '<a href="javascript:1"><a href="https://x.example">in</a>out</a>tail',
      '<a href="https://x.example/" target="_blank" rel="noopener noreferrer">in</a>outtail',
    ],
    ['<a href="javascript:1">un<a href="data:x">two</a>closed', 'untwoclosed'],
    ['<p><a href="vbscript:x">bad<b>bold</a>after</p>', '<p>bad<b>bold</b>after</p>'],
    ['<ul><li><a href="javascript:x">a</li><li>b</a></li></ul>z', '<ul><li>a</li><li>b</li></ul>z'],
    ['<a>no target</a> <a href="">empty</a> <a href="/relative">relative</a>', 'no target empty relative'],
    ['<em><a href="java\tscript:1"><a href="/rel"></a></a><u>x', '<em><u>x</u></em>'],
    [
      '<a href="https://ok.example"><b>open',
      '<a href="https://ok.example/" target="_blank" rel="noopener noreferrer"><b>open</b></a>',
    ],
  ])('%s', (input, expected) => {
    const out = sanitizeHtml(input);
    expect(out).toBe(expected);
    expect(unbalanced(out)).toBeNull();
  });

  it('balances thousands of random mixes of good, dropped and stray tags', () => {
    const parts = [
      '<a href="javascript:x">',
      '<a href="https://ok.example">',
      '<a href="mailto:c@example.com">',
      '<a>',
      '<a href="/rel">',
      '<A HREF="java\tscript:1">',
      '</a>',
      '<b>',
      '</b>',
      '<i>',
      '</i>',
      '<em>',
      '</em>',
      '<p>',
      '</p>',
      '<ul>',
      '<ol>',
      '<li>',
      '</li>',
      '</ul>',
      '</ol>',
      '<br>',
      'text ',
      '&amp;',
      '<div>',
      '</div>',
      '<table><tr><td>',
      '</td></tr></table>',
      '<script>',
      '</script>',
      '<svg>',
      '</svg>',
      '<textarea>',
      '<!--',
      '-->',
      '<img src=x onerror=alert(1)>',
    ];
    // A fixed seed: the same mixes every run.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor((seed / 2_147_483_648) * n);
    };
    for (let round = 0; round < 2_000; round++) {
      const input = Array.from({ length: 1 + next(14) }, () => parts[next(parts.length)]).join('');
      const out = sanitizeHtml(input);
      expect({ input, why: unbalanced(out) }).toEqual({ input, why: null });
    }
  });
});

describe('safeHref', () => {
  it('accepts absolute safe URLs only', () => {
    expect(safeHref('https://a.example')).toBe('https://a.example/');
    expect(safeHref('ftp://a.example')).toBeNull();
  });
});

describe('htmlToText', () => {
  it('renders paragraphs, breaks, lists and links as plain text', () => {
    const html = sanitizeHtml(
      '<p>Hello <b>all</b>,</p><p>Line<br>two</p><ul><li>one</li><li>two</li></ul><a href="https://a.example/">site</a> &amp; more',
    );
    expect(htmlToText(html)).toBe(
      'Hello all,\n\nLine\ntwo\n\n- one\n- two\n\nsite (https://a.example/) & more',
    );
  });
});
