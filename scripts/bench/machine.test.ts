import { describe, expect, it } from 'vitest';
import { MACHINE_LIMITS, judgeMachine, medianConditions } from './machine';

const quiet = { benchmarkIndex: 2000, loadAverage: 0.8, cores: 2 };

describe('judgeMachine', () => {
  it('judges a run on a quiet machine of the budgets’ class', () => {
    expect(judgeMachine(quiet)).toEqual({ judged: true });
  });

  it('marks a run busy when the load average exceeds one process per core, naming both', () => {
    expect(judgeMachine({ ...quiet, loadAverage: 3.2 })).toEqual({
      judged: false,
      reason: 'machine busy (load 3.2 on 2 cores)',
    });
  });

  it('still judges at exactly one process per core', () => {
    expect(judgeMachine({ ...quiet, loadAverage: 2 })).toEqual({ judged: true });
    expect(judgeMachine({ ...quiet, loadAverage: 2, cores: 4 })).toEqual({ judged: true });
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
    expect(judgeMachine({ benchmarkIndex: 1200.4, loadAverage: 4.25, cores: 2 })).toEqual({
      judged: false,
      reason: 'machine busy (load 4.3 on 2 cores); too slow (benchmark index 1200)',
    });
  });
});

describe('medianConditions', () => {
  it('takes the median load and the median benchmark index of a page’s runs', () => {
    expect(
      medianConditions([
        { benchmarkIndex: 2100, loadAverage: 0.5, cores: 2 },
        { benchmarkIndex: 1400, loadAverage: 3.9, cores: 2 },
        { benchmarkIndex: 1900, loadAverage: 1.1, cores: 2 },
      ]),
    ).toEqual({ benchmarkIndex: 1900, loadAverage: 1.1, cores: 2 });
  });
});
