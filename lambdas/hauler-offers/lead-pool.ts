/**
 * How one run of the offer job gets through many due leads inside its minute (issue 42): a few
 * leads at a time (each waits mostly on DynamoDB and SES, so they overlap well), and no new lead
 * started once the run's time budget is spent. A lead not started stays due, untouched, for the
 * next minute's run; a lead started always finishes (its claims make a second run safe anyway).
 */

export interface PoolOptions {
  /** Leads worked on at once. */
  concurrency: number;
  /** Milliseconds after the start after which no lead is started. */
  budgetMs: number;
  /** A monotonic clock in milliseconds (performance.now in the job). */
  clock: () => number;
}

export interface PoolResult<R> {
  /** The results of the items started, in the items' order. */
  results: R[];
  /** Items not started: left for the next run. */
  left: number;
}

/** Runs `work` over `items` in order, at most `concurrency` at once, until the budget is spent. */
export async function runWithinBudget<T, R>(
  items: readonly T[],
  options: PoolOptions,
  work: (item: T) => Promise<R>,
): Promise<PoolResult<R>> {
  const started = options.clock();
  const results: (R | undefined)[] = [];
  let next = 0;
  let stoppedAt = items.length;
  const worker = async () => {
    while (next < stoppedAt) {
      if (options.clock() - started >= options.budgetMs) {
        stoppedAt = Math.min(stoppedAt, next);
        return;
      }
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  const done = Math.min(stoppedAt, items.length);
  return { results: results.slice(0, done) as R[], left: items.length - done };
}
