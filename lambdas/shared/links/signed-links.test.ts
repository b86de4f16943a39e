import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linkClaims, linkUrl, signLink, verifyLink } from './signed-links';
import type { LinkClaims } from './signed-links';
import { linkActionsOfKind } from '#contract/loop/quote-loop';
import type { LinkAllowance, LinkKind } from '#contract/loop/quote-loop';

const ID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';
const SECRET = Buffer.from('a'.repeat(64));
const OLD_SECRET = Buffer.from('b'.repeat(64));
const NOW = new Date('2026-11-23T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

const claims = (overrides: Partial<LinkClaims> = {}): LinkClaims => ({
  kind: 'lead',
  id: ID,
  role: 'operations',
  action: 'quote',
  quote: 0,
  expires: nowSeconds + 3600,
  ...overrides,
});

/** A token as an attacker holding the key would write it: any kind, any context. */
function handSigned(
  fields: {
    kind?: string;
    id: string;
    role: string;
    action: string;
    quote: number;
    expires: number;
  },
  context = 'bulk-trash-pickup/link/v2',
  secret = SECRET,
): string {
  const { kind, id, role, action, quote, expires } = fields;
  const signed =
    kind === undefined
      ? [id, role, action, quote, expires]
      : [kind, id, role, action, quote, expires];
  const signature = createHmac('sha256', secret)
    .update([context, ...signed].join('\n'))
    .digest('base64url');
  return [...signed, signature].join('.');
}

/** Decision 020's token, with no kind, as links mailed before decision 044 carry it. */
const legacyToken = (fields: {
  id: string;
  role: string;
  action: string;
  quote: number;
  expires: number;
}) => handSigned(fields, 'bulk-trash-pickup/link/v1');

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
    expect(verifyLink(token, [SECRET], NOW, 'lead')).toEqual(claims());
  });

  it('carries the kind, id, role, action, quote number and expiry in the clear, then a 43-character signature', () => {
    const token = signLink(claims({ role: 'homeowner', action: 'accept', quote: 2 }), SECRET);
    const parts = token.split('.');
    expect(parts.slice(0, 6)).toEqual([
      'lead',
      ID,
      'homeowner',
      'accept',
      '2',
      String(nowSeconds + 3600),
    ]);
    expect(parts[6]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signLink(linkClaims(ID, 'applicant', 'confirm', NOW), SECRET)).toMatch(
      new RegExp(`^hauler\\.${ID}\\.applicant\\.confirm\\.0\\.`),
    );
  });

  it('signs the kind: a token whose kind segment is changed, or signed for the other kind, fails verification', () => {
    const fields = {
      id: ID,
      role: 'homeowner',
      action: 'view',
      quote: 0,
      expires: nowSeconds + 60,
    };
    // The test's model of the signature is the real one: signed for its own kind, it verifies.
    expect(verifyLink(handSigned({ ...fields, kind: 'lead' }), [SECRET], NOW, 'lead')).toEqual({
      ...fields,
      kind: 'lead',
    });
    const signed = signLink(linkClaims(ID, 'homeowner', 'view', NOW), SECRET);
    const kindChanged = signed.replace(/^lead\./, 'hauler.');
    expect(kindChanged).not.toBe(signed);
    // The signature covers the kind: the same fields signed as another kind verify as neither.
    const signedAsHauler = handSigned({ ...fields, kind: 'hauler' }).replace(/^hauler\./, 'lead.');
    const unsignedKind = handSigned(fields, 'bulk-trash-pickup/link/v2');
    for (const kind of ['lead', 'hauler'] as const) {
      expect(verifyLink(kindChanged, [SECRET], NOW, kind)).toBeUndefined();
      expect(verifyLink(signedAsHauler, [SECRET], NOW, kind)).toBeUndefined();
      expect(verifyLink(`lead.${unsignedKind}`, [SECRET], NOW, kind)).toBeUndefined();
    }
  });

  it('reads a token only as the kind its reader states, and that kind only as its action’s', () => {
    const confirm = signLink(linkClaims(ID, 'applicant', 'confirm', NOW), SECRET);
    expect(verifyLink(confirm, [SECRET], NOW, 'hauler')).toMatchObject({ kind: 'hauler', id: ID });
    expect(verifyLink(confirm, [SECRET], NOW, 'lead')).toBeUndefined();
    // Correctly signed, but a lead kind on an applicant's confirm is not the table's: forged.
    const forged = handSigned({
      kind: 'lead',
      id: ID,
      role: 'applicant',
      action: 'confirm',
      quote: 0,
      expires: nowSeconds + 60,
    });
    for (const kind of ['lead', 'hauler'] as const) {
      expect(verifyLink(forged, [SECRET], NOW, kind)).toBeUndefined();
    }
    expect(() =>
      signLink({ ...linkClaims(ID, 'applicant', 'confirm', NOW), kind: 'lead' }, SECRET),
    ).toThrow();
  });

  it('gives each kind’s readers their own actions only: a request is never read by a confirm or a review', () => {
    expect(linkActionsOfKind('lead')).toEqual({
      operations: ['quote'],
      homeowner: ['view', 'accept', 'decline', 'price'],
      hauler: ['offer', 'job'],
    });
    expect(linkActionsOfKind('hauler')).toEqual({
      operations: ['review'],
      applicant: ['confirm'],
      hauler: ['manage'],
    });
  });

  it('will not compile a hauler-kind action given to a request’s authoriser, nor the reverse', () => {
    // @ts-expect-error an applicant's confirm names a hauler
    const confirm: LinkAllowance<'lead'> = { applicant: ['confirm'] };
    // @ts-expect-error operations' review names a hauler
    const review: LinkAllowance<'lead'> = { operations: ['review'] };
    // @ts-expect-error a hauler's offer names a request
    const offer: LinkAllowance<'hauler'> = { hauler: ['offer'] };
    const fine: LinkAllowance<'lead'> = { operations: ['quote'], hauler: ['offer', 'job'] };
    expect([confirm, review, offer, fine]).toHaveLength(4);
  });

  it.each([
    ['homeowner', 'view', 'lead'],
    ['operations', 'quote', 'lead'],
    ['hauler', 'job', 'lead'],
    ['applicant', 'confirm', 'hauler'],
    ['operations', 'review', 'hauler'],
    ['hauler', 'manage', 'hauler'],
  ] as const)(
    'reads a decision-020 %s %s link (no kind) as its action’s kind (%s) only, until it expires',
    (role, action, kind) => {
      const other: LinkKind = kind === 'lead' ? 'hauler' : 'lead';
      const fields = { id: ID, role, action, quote: 0, expires: nowSeconds + 60 };
      const token = legacyToken(fields);
      expect(verifyLink(token, [SECRET], NOW, kind)).toEqual({ ...fields, kind });
      expect(verifyLink(token, [SECRET], NOW, other)).toBeUndefined();
      expect(verifyLink(token, [OLD_SECRET], NOW, kind)).toBeUndefined();
      expect(verifyLink(token, [SECRET], new Date((nowSeconds + 60) * 1000), kind)).toBeUndefined();
      // Signed under the current context, a token without a kind is nothing.
      expect(verifyLink(handSigned(fields), [SECRET], NOW, kind)).toBeUndefined();
    },
  );

  it('refuses a link signed with another secret', () => {
    expect(verifyLink(signLink(claims(), OLD_SECRET), [SECRET], NOW, 'lead')).toBeUndefined();
  });

  it('accepts a link signed with the previous secret while it is still accepted', () => {
    const token = signLink(claims(), OLD_SECRET);
    expect(verifyLink(token, [SECRET, OLD_SECRET], NOW, 'lead')).toEqual(claims());
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
      expect(verifyLink(tampered, [SECRET], NOW, 'lead')).toBeUndefined();
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
        (changed) => verifyLink(changed, [SECRET, OLD_SECRET], NOW, 'lead') !== undefined,
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
      expect(verifyLink(spelling, [SECRET], NOW, 'lead')).toBeUndefined();
    }
  });

  it('refuses a link at and after its expiry, and accepts it one second before', () => {
    const token = signLink(claims({ expires: nowSeconds + 10 }), SECRET);
    expect(verifyLink(token, [SECRET], new Date((nowSeconds + 9) * 1000), 'lead')).toBeDefined();
    expect(verifyLink(token, [SECRET], new Date((nowSeconds + 10) * 1000), 'lead')).toBeUndefined();
    expect(
      verifyLink(token, [SECRET], new Date((nowSeconds + 86_400) * 1000), 'lead'),
    ).toBeUndefined();
  });

  it('refuses a role with an action that is not its own, even correctly signed', () => {
    expect(() => signLink(claims({ role: 'homeowner', action: 'quote' }), SECRET)).toThrow();
    expect(() => signLink(claims({ role: 'operations', action: 'accept' }), SECRET)).toThrow();
  });

  it.each(['', 'x', `${ID}.operations.quote.0.123.sig`, 'a.b.c.d.e.f', `${'A'.repeat(300)}`])(
    'refuses garbage %#',
    (token) => {
      expect(verifyLink(token, [SECRET], NOW, 'lead')).toBeUndefined();
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
