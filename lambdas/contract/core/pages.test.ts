import { describe, expect, it } from 'vitest';
import { PAGE_SECTIONS, sectionFromHash, tokenFromHash, withSection } from './pages';

describe('a signed link that lands on a section of its page', () => {
  it('keeps its token readable and names the section after it', () => {
    const link = withSection('https://x.example/request#t=abc.homeowner.view.0', 'rate');
    const { hash } = new URL(link);
    expect(tokenFromHash(hash)).toBe('abc.homeowner.view.0');
    expect(sectionFromHash(hash)).toBe(PAGE_SECTIONS.rate);
  });

  it('knows no section a link did not name, nor one the pages do not have', () => {
    expect(sectionFromHash('#t=abc')).toBeUndefined();
    expect(sectionFromHash('#t=abc&section=payment')).toBeUndefined();
  });
});
