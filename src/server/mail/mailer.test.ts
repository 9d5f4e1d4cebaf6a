import { describe, expect, it } from 'vitest';
import { HIDDEN_LINK, type MailMessage, storedCopy } from './mailer';
import { escapeHtml } from './sanitize-html';

describe('storedCopy', () => {
  it('hides every secret link in the text and the HTML, and keeps the other links', () => {
    const link = 'http://localhost:3000/reset-password/abc_DEF-123?x=1&y=2';
    const message: MailMessage = {
      to: 'jordan@x.io',
      subject: 'Reset',
      text: `Open ${link} now, or log in at http://localhost:3000.\n${link}`,
      html: `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a> http://localhost:3000</p>`,
      secretLinks: [link],
    };
    const copy = storedCopy(message);
    expect(copy.text).toBe(`Open ${HIDDEN_LINK} now, or log in at http://localhost:3000.\n${HIDDEN_LINK}`);
    expect(copy.html).not.toContain('reset-password');
    expect(copy.html).toContain('http://localhost:3000</p>');
    expect(copy).not.toHaveProperty('secretLinks');
    // A message without secrets is kept as it is.
    expect(storedCopy({ to: 'a@x.io', subject: 'S', text: link })).toEqual({
      to: 'a@x.io',
      subject: 'S',
      text: link,
      html: undefined,
    });
  });
});
