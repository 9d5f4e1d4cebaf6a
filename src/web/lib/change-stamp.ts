/**
 * Stamps a change with this browser's id and its time of the change (decision 033), rising with every
 * change even if the clock stands still or steps back: the server refuses a change older than the last
 * one it stored from this browser, so a request held up somewhere never undoes a newer one.
 */
const CLIENT_ID_KEY = 'ala.clientId';
let clientId: string | undefined;
let last = 0;

export function changeStamp(): { clientId: string; changedAt: number } {
  clientId ??= readClientId();
  last = Math.max(Date.now(), last + 1);
  return { clientId, changedAt: last };
}

/** One id per browser (its tabs share a clock); a fresh one where storage is refused. */
function readClientId(): string {
  try {
    const stored = window.localStorage.getItem(CLIENT_ID_KEY);
    if (stored) return stored;
  } catch {
    // Storage refused (private mode): this tab's own id below.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  try {
    window.localStorage.setItem(CLIENT_ID_KEY, id);
  } catch {
    // Kept for this tab only.
  }
  return id;
}
