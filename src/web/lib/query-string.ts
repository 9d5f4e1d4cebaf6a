/**
 * `?page=2&q=smith` of the values given, in their order and URL-encoded, or '' when none is left: a value
 * that is undefined, null or an empty string is left out, so that the server's defaults apply. Takes any
 * object because the requests are typed from zod's input types, whose fields may be `unknown`; only
 * strings, numbers and booleans are sent.
 */
export function queryString(values: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean')
      params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
