/**
 * Work a request or a job pass starts and does not wait for (a big pool's kept counts and stored rankings):
 * its failure is never the caller's. It is tracked so that whoever empties or closes the database first lets
 * it end: a test's reset truncating tables under a running count deadlocks on PostgreSQL.
 */
const running = new Set<Promise<unknown>>();

/** Tracks `work` until it settles; answers it as it is. */
export function inBackground<T>(work: Promise<T>): Promise<T> {
  running.add(work);
  const forget = () => {
    running.delete(work);
  };
  work.then(forget, forget);
  return work;
}

/** Resolves once no background work is running (including work started by the work that ended). */
export async function backgroundSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
