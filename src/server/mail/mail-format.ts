/** Every instant a mail names, in one format and zone: "Mon, Sep 25, 5:10 PM UTC" (decision 036). */
const MAIL_INSTANT = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** An instant as every mail writes it. */
export function formatMailInstant(at: Date): string {
  return MAIL_INSTANT.format(at);
}
