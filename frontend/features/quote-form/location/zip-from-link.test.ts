import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_KEY } from '../draft/draft-key';
import { quoteFormWantedAtOnce, zipFromLink } from './zip-from-link';

afterEach(() => {
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
});

describe('the quote form before its code', () => {
  it('reads the ZIP a city link put in the address', () => {
    window.history.replaceState(null, '', '/?zip=85001');
    expect(zipFromLink()).toBe('85001');
  });

  it('waits for the visitor on a plain visit', () => {
    expect(zipFromLink()).toBeNull();
    expect(quoteFormWantedAtOnce()).toBe(false);
  });

  it('is wanted at once for a city link', () => {
    window.history.replaceState(null, '', '/?zip=85001');
    expect(quoteFormWantedAtOnce()).toBe(true);
  });

  it('is wanted at once for a saved draft', () => {
    sessionStorage.setItem(DRAFT_KEY, '{"name":"Ann"}');
    expect(quoteFormWantedAtOnce()).toBe(true);
  });
});
