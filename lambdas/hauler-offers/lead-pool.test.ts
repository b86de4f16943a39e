import { describe, expect, it } from 'vitest';
import { runWithinBudget } from './lead-pool';

/** A clock that the work moves on: each item takes `ms` of it. */
function fakeClock() {
  let now = 0;
  return { clock: () => now, spend: (ms: number) => (now += ms) };
}

describe('running due leads within a budget', () => {
  it('runs every item, in order, when the budget allows', async () => {
    const { clock, spend } = fakeClock();
    const result = await runWithinBudget(
      [1, 2, 3, 4, 5],
      { concurrency: 2, budgetMs: 1_000, clock },
      async (n) => {
        spend(10);
        await Promise.resolve();
        return n * 10;
      },
    );
    expect(result).toEqual({ results: [10, 20, 30, 40, 50], left: 0 });
  });

  it('starts no item once the budget is spent and counts the rest as left', async () => {
    const { clock, spend } = fakeClock();
    const started: number[] = [];
    const result = await runWithinBudget(
      [1, 2, 3, 4, 5, 6],
      { concurrency: 1, budgetMs: 25, clock },
      async (n) => {
        started.push(n);
        spend(10);
        await Promise.resolve();
        return n;
      },
    );
    // Started at 0, 10 and 20 ms; at 30 ms the budget of 25 is spent.
    expect(started).toEqual([1, 2, 3]);
    expect(result).toEqual({ results: [1, 2, 3], left: 3 });
  });

  it('never has more items in flight than its concurrency', async () => {
    let inFlight = 0;
    let most = 0;
    const result = await runWithinBudget(
      Array.from({ length: 20 }, (_, i) => i),
      { concurrency: 4, budgetMs: 60_000, clock: () => 0 },
      async (n) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
        return n;
      },
    );
    expect(most).toBe(4);
    expect(result.results).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('returns nothing to do for no items', async () => {
    const result = await runWithinBudget([], { concurrency: 4, budgetMs: 0, clock: () => 0 }, () =>
      Promise.resolve(1),
    );
    expect(result).toEqual({ results: [], left: 0 });
  });
});
