import { describe, expect, it } from 'vitest';
import { linkClaims, linkUrl, signLink, verifyLink } from './signed-links';
import type { LinkClaims } from './signed-links';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const SECRET = Buffer.from('a'.repeat(64));
const OLD_SECRET = Buffer.from('b'.repeat(64));
const NOW = new Date('2026-11-23T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

const claims = (overrides: Partial<LinkClaims> = {}): LinkClaims => ({
  leadId: ID,
  role: 'operations',
  action: 'quote',
  quote: 0,
  expires: nowSeconds + 3600,
  ...overrides,
});

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Every token that differs from `token` in exactly one character, that character base64url. */
function* singleCharacterChanges(token: string): Generator<string> {
  for (let i = 0; i < token.length; i += 1) {
    for (const char of BASE64URL) {
      if (char !== token[i]) yield token.slice(0, i) + char + token.slice(i + 1);
    }
  }
}

describe('signed links', () => {
  it('verifies a link it signed and returns its claims', () => {
    const token = signLink(claims(), SECRET);
    expect(verifyLink(token, [SECRET], NOW)).toEqual(claims());
  });

  it('carries the lead id, role, action, quote number and expiry in the clear, then a 43-character signature', () => {
    const token = signLink(claims({ role: 'homeowner', action: 'accept', quote: 2 }), SECRET);
    const parts = token.split('.');
    expect(parts.slice(0, 5)).toEqual([ID, 'homeowner', 'accept', '2', String(nowSeconds + 3600)]);
    expect(parts[5]).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a link signed with another secret', () => {
    expect(verifyLink(signLink(claims(), OLD_SECRET), [SECRET], NOW)).toBeUndefined();
  });

  it('accepts a link signed with the previous secret while it is still accepted', () => {
    const token = signLink(claims(), OLD_SECRET);
    expect(verifyLink(token, [SECRET, OLD_SECRET], NOW)).toEqual(claims());
  });

  it.each([
    ['lead id', (t: string) => t.replace(ID, '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5e')],
    ['role and action', (t: string) => t.replace('operations.quote', 'homeowner.view')],
    ['action', (t: string) => t.replace('.view.', '.accept.')],
    ['quote number', (t: string) => t.replace('.view.0.', '.view.1.')],
    ['expiry', (t: string) => t.replace(`.${nowSeconds + 3600}.`, `.${nowSeconds + 999_999}.`)],
  ])('refuses a link whose %s was changed', (_, tamper) => {
    for (const base of [claims(), claims({ role: 'homeowner', action: 'view' })]) {
      const token = signLink(base, SECRET);
      const tampered = tamper(token);
      if (tampered === token) continue;
      expect(verifyLink(tampered, [SECRET], NOW)).toBeUndefined();
    }
  });

  it('refuses a link with any single character changed to any other base64url character, anywhere', () => {
    for (const base of [
      claims(),
      claims({ role: 'homeowner', action: 'accept', quote: 2 }),
      claims({ role: 'homeowner', action: 'view' }),
    ]) {
      const token = signLink(base, SECRET);
      const accepted = [...singleCharacterChanges(token)].filter(
        (changed) => verifyLink(changed, [SECRET, OLD_SECRET], NOW) !== undefined,
      );
      // 63 other characters at each position were tried; none verifies.
      expect(accepted).toEqual([]);
    }
  });

  it('accepts only the canonical spelling of a signature (43 characters carry 258 bits for 256)', () => {
    const token = signLink(claims(), SECRET);
    const last = token.at(-1) ?? '';
    // The same 32 bytes, written with the last character's two spare bits set.
    const index = BASE64URL.indexOf(last);
    const spellings = [1, 2, 3].map(
      (spare) => token.slice(0, -1) + BASE64URL.charAt(index + spare),
    );
    for (const spelling of spellings) {
      expect(Buffer.from(spelling.split('.').at(-1) ?? '', 'base64url')).toEqual(
        Buffer.from(token.split('.').at(-1) ?? '', 'base64url'),
      );
      expect(verifyLink(spelling, [SECRET], NOW)).toBeUndefined();
    }
  });

  it('refuses a link at and after its expiry, and accepts it one second before', () => {
    const token = signLink(claims({ expires: nowSeconds + 10 }), SECRET);
    expect(verifyLink(token, [SECRET], new Date((nowSeconds + 9) * 1000))).toBeDefined();
    expect(verifyLink(token, [SECRET], new Date((nowSeconds + 10) * 1000))).toBeUndefined();
    expect(verifyLink(token, [SECRET], new Date((nowSeconds + 86_400) * 1000))).toBeUndefined();
  });

  it('refuses a role with an action that is not its own, even correctly signed', () => {
    expect(() => signLink(claims({ role: 'homeowner', action: 'quote' }), SECRET)).toThrow();
    expect(() => signLink(claims({ role: 'operations', action: 'accept' }), SECRET)).toThrow();
  });

  it.each(['', 'x', `${ID}.operations.quote.0.123.sig`, 'a.b.c.d.e.f', `${'A'.repeat(300)}`])(
    'refuses garbage %#',
    (token) => {
      expect(verifyLink(token, [SECRET], NOW)).toBeUndefined();
    },
  );

  it('makes an operations quote link that lasts 7 days and a homeowner view link that lasts 30', () => {
    expect(linkClaims(ID, 'operations', 'quote', NOW).expires).toBe(nowSeconds + 7 * 86_400);
    expect(linkClaims(ID, 'homeowner', 'view', NOW).expires).toBe(nowSeconds + 30 * 86_400);
  });

  it('puts the token in the URL fragment, which browsers never send to a server', () => {
    expect(linkUrl('https://x.example/', '/request', 'TOKEN')).toBe(
      'https://x.example/request#t=TOKEN',
    );
  });
});
