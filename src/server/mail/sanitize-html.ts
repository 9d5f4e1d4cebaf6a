/**
 * The allow-list HTML sanitiser of commissioner e-mails, on the maintained parser-based
 * sanitize-html package (linear in the input; a hand-written regex tokenizer backtracked on
 * crafted input). The rich-text editor only produces bold, italic, underline, paragraphs, lists and
 * links, so anything else is dropped rather than interpreted: a forged request cannot make the
 * server mail scripts, images or styles to members.
 */
import sanitize from 'sanitize-html';

const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'a', 'ul', 'ol', 'li'];
/** Elements whose content is code or markup, never readable text: dropped with everything inside. */
const DROP_WITH_CONTENT = [
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
  'option',
];
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

const SANITIZE_OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  selfClosing: ['br'],
  // Deeper nesting than any letter needs is flattened (its text stays).
  nestingLimit: 20,
  // A link keeps its tag name whatever its target: renaming it to a tag that is not allowed left its end
  // tag unmatched, and the rest of the letter fell inside the next link. An unsafe target is dropped here
  // and the link without one is unwrapped below, its text kept, as the parser closes it.
  transformTags: {
    a: (_tagName, attribs): sanitize.Tag => {
      const href = safeHref(attribs.href ?? '');
      return { tagName: 'a', attribs: href ? { href, target: '_blank', rel: 'noopener noreferrer' } : {} };
    },
  },
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

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

/**
 * The href of a link when it is an absolute http, https or mailto URL; null otherwise. The value is
 * an attribute as the parser read it, character references already decoded.
 */
export function safeHref(raw: string): string | null {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so strip them first.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  const value = raw.replace(/[\u0000-\u0020\u007f]+/g, '');
  try {
    const url = new URL(value);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** Keeps only the allowed tags (links only with a safe href), balances them, and escapes all text. */
export function sanitizeHtml(input: string): string {
  return sanitize(input, SANITIZE_OPTIONS);
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
