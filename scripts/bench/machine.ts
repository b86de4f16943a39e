/**
 * Whether a Lighthouse run's CPU-bound figures (main-thread work, TBT, the performance score) can
 * be judged against their budgets. Lighthouse simulates a phone by multiplying the main-thread
 * time it observed by 4, so a slower or busier machine than the one the budgets were set on
 * inflates them: such a run is reported, marked "not judged", never passed or failed.
 */
import { readFileSync } from 'node:fs';
import { median } from './stats';

/**
 * The one place these thresholds live.
 * - Lighthouse's benchmark index (`lhr.environment.benchmarkIndex`, a CPU micro-benchmark run
 *   before each page) was `SIMULATED_PHONE.classBenchmarkIndexes` on the machine class the budgets
 *   were set on. Main-thread time scales about inversely with it, so at 1,500 the figures are
 *   already ~15-35 % above that class. Lighthouse itself only warns below 1,000, where a host is
 *   "~2x weaker" than it assumes.
 * - Other work just before the run (`otherWorkShare`): the share of all cores' time spent outside
 *   idle over one second while the bench itself waits between runs (Chromium on a blank tab, the
 *   servers answering nothing). Above half of the machine, the page's main thread will wait for a
 *   core. It replaced the load average as the judge: the 1-minute load average counts the bench's
 *   own previous runs (Lighthouse, Chromium and the server make about 2 of it on 2 cores with
 *   nothing else running), so it called a quiet machine busy. The load average is still shown.
 */
export const MACHINE_LIMITS = {
  minBenchmarkIndex: 1500,
  maxOtherWorkShare: 0.5,
  /**
   * How far a page's median benchmark index may stray from the one the run's CPU slowdown was
   * calibrated on (`calibratedSlowdown`) before the phone it simulated is no longer the class's:
   * Lighthouse's index moves by about 5 % between runs on a quiet machine.
   */
  maxCalibrationDrift: 0.25,
} as const;

/** The benchmark indexes of the machines the budgets were set on at 4x (issue 23). */
const CLASS_BENCHMARK_INDEXES = { low: 1750, high: 2380 } as const;

/**
 * The phone every run simulates, whatever the machine
 * (docs/decisions/038-one-phone-on-every-machine.md).
 * Lighthouse simulates a phone by multiplying the main-thread time it observes on this machine by
 * its CPU slowdown, 4 by default; so at 4x a machine twice as fast simulates a phone twice as fast
 * (the same build measured 0.63 s of main-thread work on the home page at benchmark index 3,600,
 * and 2.19 s at 1,629). Lighthouse's own guidance (docs/throttling.md, "Calibrating multipliers")
 * is to scale the slowdown with the host's benchmark index: a run uses 4 x its index / the middle
 * of the class (the geometric mean of its lowest and highest index, to the nearest ten: 2,040).
 * Never less than 4: a machine slower than the middle of the class is held to the issue's own 4x
 * (which is harsher there), and under `minBenchmarkIndex` not judged at all.
 */
export const SIMULATED_PHONE = {
  slowdownOnClass: 4,
  classBenchmarkIndexes: CLASS_BENCHMARK_INDEXES,
  classBenchmarkIndex:
    Math.round(Math.sqrt(CLASS_BENCHMARK_INDEXES.low * CLASS_BENCHMARK_INDEXES.high) / 10) * 10,
} as const;

/** The CPU slowdown that simulates the class's phone on a machine of this index (in tenths). */
export function calibratedSlowdown(benchmarkIndex: number): number {
  const { slowdownOnClass, classBenchmarkIndex } = SIMULATED_PHONE;
  const slowdown = slowdownOnClass * Math.max(1, benchmarkIndex / classBenchmarkIndex);
  return Math.round(slowdown * 10) / 10;
}

export interface MachineConditions {
  /** Lighthouse's benchmark index of the run. */
  benchmarkIndex: number;
  /** `os.loadavg()[0]` just before the run (shown, not judged). */
  loadAverage: number;
  /** `otherWorkShare()` just before the run: 0 (idle) to 1 (every core busy); NaN where unknown. */
  otherWork: number;
  /** `os.availableParallelism()`. */
  cores: number;
}

export type Verdict = { judged: true } | { judged: false; reason: string };

/** e.g. `{ judged: false, reason: 'machine busy (72 % of 2 cores in use just before the run)' }`. */
export function judgeMachine(
  { benchmarkIndex, otherWork, cores }: MachineConditions,
  calibratedOn?: number,
  limits: typeof MACHINE_LIMITS = MACHINE_LIMITS,
): Verdict {
  const reasons: string[] = [];
  if (Number.isNaN(otherWork)) {
    reasons.push('machine unknown (no /proc/stat to read other work from)');
  } else if (otherWork > limits.maxOtherWorkShare) {
    reasons.push(
      `machine busy (${Math.round(otherWork * 100)} % of ${cores} cores in use just before the run)`,
    );
  }
  if (benchmarkIndex < limits.minBenchmarkIndex) {
    reasons.push(`too slow (benchmark index ${Math.round(benchmarkIndex)})`);
  } else if (
    calibratedOn !== undefined &&
    Math.abs(benchmarkIndex / calibratedOn - 1) > limits.maxCalibrationDrift
  ) {
    reasons.push(
      `machine changed speed (benchmark index ${Math.round(benchmarkIndex)}, calibrated on ${Math.round(calibratedOn)})`,
    );
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
    otherWork: median(runs.map((run) => run.otherWork)),
    cores: runs[0]!.cores,
  };
}

/** The `cpu` line of /proc/stat as [busy, total] jiffies, or undefined off Linux. */
export function cpuJiffies(procStat: string): [busy: number, total: number] | undefined {
  const line = /^cpu\s+(.*)$/m.exec(procStat)?.[1];
  if (!line) return undefined;
  // user nice system idle iowait irq softirq steal (guest time is already in user and nice)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .map(Number) as number[];
  const idleAll = idle! + (iowait ?? 0);
  const total = user! + nice! + system! + idleAll + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
  return [total - idleAll, total];
}

/** The share of all cores' time (0 to 1) not idle over the next `ms`; NaN off Linux. */
export async function otherWorkShare(ms = 1000): Promise<number> {
  const read = () => {
    try {
      return cpuJiffies(readFileSync('/proc/stat', 'utf8'));
    } catch {
      return undefined;
    }
  };
  const before = read();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = read();
  if (!before || !after || after[1] === before[1]) return Number.NaN;
  return (after[0] - before[0]) / (after[1] - before[1]);
}
