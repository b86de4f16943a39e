import { describe, expect, it } from 'vitest';
import { keptHistory, withHistory } from './report-history';

const report = '# Benchmarks\n\n## 1. Pages\n\nA table.\n';
const previous =
  '# Benchmarks\n\n## 1. Pages\n\nAn old table.\n\n## History: steps\n\n### First\n\nText.\n';

describe("the benchmarks report's hand-kept history", () => {
  it('is the previous report from its first History heading to its end', () => {
    expect(keptHistory(previous)).toBe('## History: steps\n\n### First\n\nText.');
  });

  it('follows the new report, which replaces everything above it', () => {
    expect(withHistory(report, previous)).toBe(
      '# Benchmarks\n\n## 1. Pages\n\nA table.\n\n## History: steps\n\n### First\n\nText.\n',
    );
  });

  it('leaves a report alone when there was no previous report or it had no history', () => {
    expect(withHistory(report, undefined)).toBe(report);
    expect(withHistory(report, report)).toBe(report);
  });

  it('is not a heading that only begins with the word', () => {
    expect(keptHistory('## Historyless\n\nText.\n')).toBeUndefined();
  });
});
