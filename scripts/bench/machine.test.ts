import { describe, expect, it } from 'vitest';
import {
  MACHINE_LIMITS,
  SIMULATED_PHONE,
  calibratedSlowdown,
  cpuJiffies,
  judgeMachine,
  medianConditions,
} from './machine';

const quiet = { benchmarkIndex: 2000, loadAverage: 0.8, otherWork: 0.1, cores: 2 };

describe('judgeMachine', () => {
  it('judges a run on a quiet machine of the budgets’ class', () => {
    expect(judgeMachine(quiet)).toEqual({ judged: true });
  });

  it('marks a run busy when other work used more than half of the machine just before it', () => {
    expect(judgeMachine({ ...quiet, otherWork: 0.72 })).toEqual({
      judged: false,
      reason: 'machine busy (72 % of 2 cores in use just before the run)',
    });
  });

  it('still judges at exactly half, and whatever the load average says (the bench makes it)', () => {
    expect(judgeMachine({ ...quiet, otherWork: MACHINE_LIMITS.maxOtherWorkShare })).toEqual({
      judged: true,
    });
    expect(judgeMachine({ ...quiet, loadAverage: 2.6 })).toEqual({ judged: true });
  });

  it('does not judge a run where other work could not be read', () => {
    expect(judgeMachine({ ...quiet, otherWork: Number.NaN })).toEqual({
      judged: false,
      reason: 'machine unknown (no /proc/stat to read other work from)',
    });
  });

  it('marks a run too slow below the benchmark index the budgets were set at', () => {
    expect(judgeMachine({ ...quiet, benchmarkIndex: 900 })).toEqual({
      judged: false,
      reason: 'too slow (benchmark index 900)',
    });
    expect(judgeMachine({ ...quiet, benchmarkIndex: MACHINE_LIMITS.minBenchmarkIndex })).toEqual({
      judged: true,
    });
  });

  it('gives both reasons when the machine is busy and slow', () => {
    expect(
      judgeMachine({ benchmarkIndex: 1200.4, loadAverage: 4.25, otherWork: 0.9, cores: 2 }),
    ).toEqual({
      judged: false,
      reason:
        'machine busy (90 % of 2 cores in use just before the run); too slow (benchmark index 1200)',
    });
  });
});

describe('judgeMachine against the calibration', () => {
  it('judges a page whose runs kept the speed the slowdown was calibrated on', () => {
    expect(judgeMachine({ ...quiet, benchmarkIndex: 3300 }, 3600)).toEqual({ judged: true });
    expect(judgeMachine({ ...quiet, benchmarkIndex: 4400 }, 3600)).toEqual({ judged: true });
  });

  it('does not judge a page whose machine changed speed since the calibration, either way', () => {
    // Slower: the run simulated a slower phone than the class's; faster: a faster one.
    expect(judgeMachine({ ...quiet, benchmarkIndex: 2600 }, 3600)).toEqual({
      judged: false,
      reason: 'machine changed speed (benchmark index 2600, calibrated on 3600)',
    });
    expect(judgeMachine({ ...quiet, benchmarkIndex: 4600 }, 3600)).toEqual({
      judged: false,
      reason: 'machine changed speed (benchmark index 4600, calibrated on 3600)',
    });
  });
});

describe('calibratedSlowdown', () => {
  it('takes the middle of the class as the geometric mean of its indexes, to the nearest ten', () => {
    expect(SIMULATED_PHONE.classBenchmarkIndex).toBe(2040);
  });

  it('is 4x on the middle of the class the budgets were set on, and below it', () => {
    expect(calibratedSlowdown(2040)).toBe(4);
    expect(calibratedSlowdown(1750)).toBe(4);
    expect(calibratedSlowdown(1500)).toBe(4);
  });

  it('slows a faster machine in proportion to its benchmark index, in tenths', () => {
    expect(calibratedSlowdown(2380)).toBe(4.7);
    expect(calibratedSlowdown(3570)).toBe(7);
    expect(calibratedSlowdown(4080)).toBe(8);
  });
});

describe('medianConditions', () => {
  it('takes the median load, other work and benchmark index of a page’s runs', () => {
    expect(
      medianConditions([
        { benchmarkIndex: 2100, loadAverage: 0.5, otherWork: 0.05, cores: 2 },
        { benchmarkIndex: 1400, loadAverage: 3.9, otherWork: 0.8, cores: 2 },
        { benchmarkIndex: 1900, loadAverage: 1.1, otherWork: 0.2, cores: 2 },
      ]),
    ).toEqual({ benchmarkIndex: 1900, loadAverage: 1.1, otherWork: 0.2, cores: 2 });
  });
});

describe('cpuJiffies', () => {
  it('reads busy and total time from /proc/stat, counting iowait as idle', () => {
    const stat = 'cpu  100 5 50 800 40 3 2 0 0 0\ncpu0 50 2 25 400 20 1 1 0 0 0\n';
    expect(cpuJiffies(stat)).toEqual([160, 1000]);
  });

  it('gives undefined for a text without the cpu line', () => {
    expect(cpuJiffies('intr 1 2 3')).toBeUndefined();
  });
});
