/** A feed request that failed after its retries; the message names the URL and the cause. */
export class FeedError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

export interface FetchJsonOptions {
  timeoutMs?: number;
  retries?: number;
  /** First backoff delay; doubled on each retry. */
  backoffMs?: number;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** GETs JSON with a timeout and retries (5xx, 429, network errors) with exponential backoff. */
export async function fetchJson(url: string, options: FetchJsonOptions = {}): Promise<unknown> {
  const {
    timeoutMs = 10_000,
    retries = 2,
    backoffMs = 500,
    fetchImpl = fetch,
    sleep = defaultSleep,
  } = options;
  let lastError: FeedError | undefined;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetchImpl(url, {
        signal: controller.signal,
        headers: { accept: 'application/json', 'user-agent': 'ala-survivor/1.0' },
      });
      if (!response.ok) {
        lastError = new FeedError(url, response.status, `GET ${url} answered ${response.status}`);
        // A 4xx other than 429 will not get better by asking again.
        if (response.status < 500 && response.status !== 429) throw lastError;
        continue;
      }
      try {
        return await response.json();
      } catch {
        throw new FeedError(url, response.status, `GET ${url} returned invalid JSON`);
      }
    } catch (error) {
      if (
        error instanceof FeedError &&
        (error.status === null || (error.status < 500 && error.status !== 429))
      ) {
        throw error;
      }
      if (!(error instanceof FeedError)) {
        const reason = controller.signal.aborted ? `timed out after ${timeoutMs} ms` : String(error);
        lastError = new FeedError(url, null, `GET ${url} failed: ${reason}`);
      }
    } finally {
      clearTimeout(timer);
    }
  }
  throw new FeedError(
    url,
    lastError?.status ?? null,
    `${lastError?.message ?? `GET ${url} failed`} (after ${retries + 1} attempts)`,
  );
}
