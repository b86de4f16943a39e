import { describe, expect, it } from 'vitest';
import { errorMessageFrom } from '#contract/core/api';
describe('errorMessageFrom', () => {
  it('reads a plain string error', () => {
    expect(errorMessageFrom({ error: 'Email service down' })).toBe('Email service down');
  });

  it('reads an error object’s message', () => {
    expect(errorMessageFrom({ error: { code: 'x', message: 'Photo 2 was not found.' } })).toBe(
      'Photo 2 was not found.',
    );
  });

  it.each([
    undefined,
    null,
    'text',
    42,
    {},
    { error: '' },
    { error: { code: 'x' } },
    { error: { message: 5 } },
  ])('gives undefined for %j, so the caller falls back to the default text', (body) => {
    expect(errorMessageFrom(body)).toBeUndefined();
  });
});
