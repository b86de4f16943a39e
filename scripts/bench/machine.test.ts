import { describe, expect, it } from 'vitest';
import { MACHINE_LIMITS, cpuJiffies, judgeMachine, medianConditions } from './machine';

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
