import { ApiError } from '../../../lib/api';

/** The file name the server gave (Content-Disposition), or a fallback. */
function fileName(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(header);
  const name = match?.[1] ? decodeURIComponent(match[1]) : match?.[2];
  return name || fallback;
}

/**
 * Fetches a CSV export and saves it. A link that navigates would leave a refused or failed export as a page of
 * JSON; fetched, its message throws as an ApiError the caller shows.
 */
export async function downloadExport(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `Request failed (${response.status})`;
    throw new ApiError(response.status, message);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Freed later, not at once: the browser reads the file after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
