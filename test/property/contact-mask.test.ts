/**
 * Property tests: the one rule that takes contact details out of what a homeowner wrote before a
 * hauler sees it (lambdas/shared/text/contact-mask.ts), over generated phone and email spellings
 * embedded in generated descriptions full of ordinary numbers.
 *
 * Each contact is replaced by exactly one `[contact hidden]` and nothing else changes: no digit
 * of a phone number, no piece of an address survives, and every count, year, size and time
 * around it does. Text without contact comes back as it was.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTACT_HIDDEN, withoutContact } from '../../lambdas/shared/text/contact-mask';
import {
  EMAIL_LEAD_INS,
  LEAD_INS,
  TRAILERS,
  emailSpelling,
  ordinaryText,
  phoneSpelling,
} from './contact-spellings';
import type { Spelled } from './contact-spellings';

const RUNS = 400;

/** Digits as the rule reads them: after NFKC, in any script. */
const digitsOf = (text: string): string =>
  Array.from(text.normalize('NFKC').matchAll(/\p{Nd}/gu), ([digit]) => digit).join('');

/** Ordinary text, a lead-in, the contact, a trailer, more ordinary text. */
function around<T extends Spelled>(contact: fc.Arbitrary<T>, leadIns: readonly string[]) {
  return fc.record({
    before: ordinaryText,
    lead: fc.constantFrom(...leadIns),
    contact,
    trail: fc.constantFrom(...TRAILERS),
    after: ordinaryText,
  });
}

describe('taking contact out of what a homeowner wrote', () => {
  it('replaces a phone number written any way with one marker, and keeps every other number', () => {
    fc.assert(
      fc.property(around(phoneSpelling, LEAD_INS), ({ before, lead, contact, trail, after }) => {
        const head = `${before}. ${lead} `;
        const tail = ` ${trail} ${after}`;
        const masked = withoutContact(`${head}${contact.written}${tail}`);
        expect(masked, contact.style).toBe(`${head}${CONTACT_HIDDEN}${tail}`);
        // The same, as the attack table states it: no digit of the phone number is left.
        expect(digitsOf(masked), contact.style).toBe(digitsOf(head + tail));
      }),
      { numRuns: RUNS },
    );
  });

  it('replaces an email address written any way with one marker, and keeps the text around it', () => {
    fc.assert(
      fc.property(
        around(emailSpelling, EMAIL_LEAD_INS),
        ({ before, lead, contact, trail, after }) => {
          const head = `${before}. ${lead} `;
          const tail = ` ${trail} ${after}`;
          const masked = withoutContact(`${head}${contact.written}${tail}`);
          expect(masked, contact.style).toBe(`${head}${CONTACT_HIDDEN}${tail}`);
          // The same, as the attack table states it: where the address was, no @ and no piece
          // of it is left.
          const where = masked.slice(head.length, masked.length - tail.length);
          const left = where.replaceAll(CONTACT_HIDDEN, '').toLowerCase();
          expect(left).not.toMatch(/[@＠]/u);
          for (const piece of [...contact.parts.local, ...contact.parts.labels]) {
            expect(left, contact.style).not.toContain(piece.toLowerCase());
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('hides every one of several contacts in one description', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(phoneSpelling, emailSpelling), { minLength: 2, maxLength: 4 }),
        ordinaryText,
        (contacts, text) => {
          const written = contacts.map((contact) => `${text}, or ${contact.written} ok`).join('\n');
          const expected = contacts.map(() => `${text}, or ${CONTACT_HIDDEN} ok`).join('\n');
          expect(withoutContact(written)).toBe(expected);
        },
      ),
      { numRuns: RUNS / 2 },
    );
  });

  it('leaves a description of counts, years, sizes, times and codes exactly as written', () => {
    fc.assert(
      fc.property(ordinaryText, (text) => {
        expect(withoutContact(text)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers any 1,000 characters of digits, dots, spaces, brackets, @ and "at" quickly', () => {
    // A regular expression that backtracks badly would hang the offer page on a hostile text.
    const piece = fc.constantFrom(
      ' ',
      '.',
      '@',
      ' at ',
      ' dot ',
      '(',
      ')',
      '1',
      'a',
      '-',
      'O',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 200, maxLength: 1000 }), (pieces) => {
        const text = pieces.join('').slice(0, 1000);
        const started = performance.now();
        withoutContact(text);
        expect(performance.now() - started).toBeLessThan(200);
      }),
      { numRuns: 100 },
    );
  });
});
