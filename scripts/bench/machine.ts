/**
 * Whether a Lighthouse run's CPU-bound figures (main-thread work, TBT, the performance score) can
 * be judged against their budgets. Lighthouse simulates a phone by multiplying the main-thread
 * time it observed by 4, so a slower or busier machine than the one the budgets were set on
 * inflates them: such a run is reported, marked "not judged", never passed or failed.
 */
import { median } from './stats';

/**
 * The one place these thresholds live.
 * - Lighthouse's benchmark index (`lhr.environment.benchmarkIndex`, a CPU micro-benchmark run
 *   before each page) was 1,750 to 2,380 on the machine class the budgets were set on. Main-thread
 *   time scales about inversely with it, so at 1,500 the figures are already ~15-35 % above that
 *   class. Lighthouse itself only warns below 1,000, where a host is "~2x weaker" than it assumes.
 * - The load average (1 min): above one runnable process per core, the page's main thread waits
 *   for a core. Lighthouse, Chromium and the server under test make about 1 of that themselves,
 *   which leaves the rest of one core on a 2-core machine for anything else.
 */
export const MACHINE_LIMITS = {
  minBenchmarkIndex: 1500,
  maxLoadPerCore: 1,
} as const;

export interface MachineConditions {
  /** Lighthouse's benchmark index of the run. */
  benchmarkIndex: number;
  /** `os.loadavg()[0]` just before the run. */
  loadAverage: number;
  /** `os.availableParallelism()`. */
  cores: number;
}

export type Verdict = { judged: true } | { judged: false; reason: string };

/** e.g. `{ judged: false, reason: 'machine busy (load 3.2 on 2 cores)' }`. */
export function judgeMachine(
  { benchmarkIndex, loadAverage, cores }: MachineConditions,
  limits: typeof MACHINE_LIMITS = MACHINE_LIMITS,
): Verdict {
  const reasons: string[] = [];
  if (loadAverage > limits.maxLoadPerCore * cores) {
    reasons.push(`machine busy (load ${loadAverage.toFixed(1)} on ${cores} cores)`);
  }
  if (benchmarkIndex < limits.minBenchmarkIndex) {
    reasons.push(`too slow (benchmark index ${Math.round(benchmarkIndex)})`);
  }
  return reasons.length === 0 ? { judged: true } : { judged: false, reason: reasons.join('; ') };
}

/**
 * A page's figures are medians of its runs, so its conditions are too: the median load and the
 * median benchmark index of the same runs.
 */
export function medianConditions(runs: readonly MachineConditions[]): MachineConditions {
  return {
    benchmarkIndex: median(runs.map((run) => run.benchmarkIndex)),
    loadAverage: median(runs.map((run) => run.loadAverage)),
    cores: runs[0]!.cores,
  };
}
