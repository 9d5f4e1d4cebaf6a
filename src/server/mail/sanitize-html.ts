/**
 * A small allow-list HTML sanitiser for commissioner e-mails. The rich-text editor only produces
 * bold, italic, underline, paragraphs, lists and links, so anything else is dropped rather than
 * interpreted: a forged request cannot make the server mail scripts, images or styles to members.
 */

const ALLOWED_TAGS = new Set(['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'a', 'ul', 'ol', 'li']);
const VOID_TAGS = new Set(['br']);
/** Elements whose content is code or markup, never readable text: dropped with everything inside. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'head',
  'svg',
  'math',
  'select',
]);
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Turns character references back into characters, so that text can be escaped exactly once. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X'
          ? Number.parseInt(ref.slice(2), 16)
          : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Escapes text for use in HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The href of a link when it is an absolute http, https or mailto URL; null otherwise. */
export function safeHref(raw: string): string | null {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so strip them first.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f]+/g, '');
  try {
    const url = new URL(value);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function hrefOf(attributes: string): string | null {
  for (const match of attributes.matchAll(ATTRIBUTE)) {
    if (match[1].toLowerCase() === 'href') return safeHref(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return null;
}

/** Keeps only the allowed tags (links only with a safe href), balances them, and escapes all text. */
export function sanitizeHtml(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  let last = 0;
  const emitText = (text: string) => {
    if (!dropping && text) out.push(escapeHtml(decodeEntities(text)));
  };
  for (const match of input.matchAll(TOKEN)) {
    emitText(input.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[1]?.toLowerCase();
    if (!name) continue; // comments, doctypes, processing instructions
    const closing = match[0][1] === '/';
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      const selfClosed = /\/\s*$/.test(match[2] ?? '');
      if (!closing && !selfClosed) dropping = name;
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (VOID_TAGS.has(name)) {
      out.push(`<${name}>`);
      continue;
    }
    if (name === 'a') {
      const href = hrefOf(match[2] ?? '');
      // A link without a usable target keeps its text but loses the tag; its closing tag is then unmatched.
      if (!href) continue;
      out.push(`<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">`);
    } else {
      out.push(`<${name}>`);
    }
    open.push(name);
  }
  emitText(input.slice(last));
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** A plain-text rendering of sanitised HTML for the text/plain part of an e-mail. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|ul|ol)>/gi, '\n\n')
    .replace(/<li>/gi, '\n- ')
    .replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, label: string) => {
      const url = decodeEntities(href);
      const words = label.replace(/<[^>]*>/g, '');
      return decodeEntities(words) === url || url === `mailto:${decodeEntities(words)}`
        ? words
        : `${words} (${href})`;
    })
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
