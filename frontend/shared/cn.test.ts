import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('lets a later colour replace an earlier one instead of relying on stylesheet order', () => {
    expect(cn('bg-emerald-700 text-white px-6', 'bg-white text-emerald-900')).toBe(
      'px-6 bg-white text-emerald-900',
    );
  });

  it('keeps variants apart from their base utilities and drops falsy parts', () => {
    expect(cn('hover:bg-emerald-800', false, undefined, 'hover:bg-emerald-50 bg-white')).toBe(
      'hover:bg-emerald-50 bg-white',
    );
  });
});
