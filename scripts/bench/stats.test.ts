import { describe, expect, it } from 'vitest';
import { median, percentile } from './stats';

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);

  it('is the value with p % of the values at or below it', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
  });

  it('is the only value of one', () => {
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([7], 1)).toBe(7);
  });

  it('refuses no values, like median', () => {
    expect(() => percentile([], 50)).toThrow('percentile of no values');
    expect(() => median([])).toThrow('median of no values');
  });
});
