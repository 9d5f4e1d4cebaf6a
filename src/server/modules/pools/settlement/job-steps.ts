// What a pool's settlement was doing when it failed, in words for site admins (decision 043).

/** What the settlement job was doing for a pool when it failed. */
export type PoolJobStep = 'lock' | 'settle' | 'rejudge' | 'crown';

/** Where a pool's pass is: its step and week, updated as it goes, so a failure says what failed. */
export interface PoolJobProgress {
  step: PoolJobStep;
  week: number | null;
}

/** The error's words kept: enough for a message and the start of its detail. */
const ERROR_CHARS = 2000;

/**
 * An error in words, never its stack: its message, or for a failed statement what the database said first
 * and then the statement's start (its parameters left out: a big pool's could be megabytes).
 */
export function errorInWords(error: unknown): string {
  let words: string;
  if (error instanceof Error) {
    const message = error.message.split('\nparams:')[0].replace(/\s+/g, ' ').trim();
    words =
      error.cause instanceof Error
        ? `${error.cause.message} (${message})`
        : `${error.name === 'Error' ? '' : `${error.name}: `}${message}`;
  } else {
    words = String(error);
  }
  return words.length > ERROR_CHARS ? `${words.slice(0, ERROR_CHARS)}...` : words;
}

/** What failed, in words. */
export function describeStep(step: string, week: number | null): string {
  const inWeek = week === null ? '' : ` Week ${week}`;
  if (step === 'lock') return `Locking${inWeek}`;
  if (step === 'settle') return `Judging${inWeek}`;
  if (step === 'rejudge')
    return week === null
      ? 'Looking for corrected results'
      : `Re-judging from Week ${week} after a corrected result`;
  if (step === 'crown') return 'Crowning the champions';
  return step;
}
