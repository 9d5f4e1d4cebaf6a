/** A paged call's query string (`?page=&pageSize=&q=` and the like), leaving out what is unset or empty. */
export function pagedQueryString(request: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
