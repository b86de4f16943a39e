/**
 * Property tests: the contract's input hygiene, on the shared schema the form and both Lambdas use.
 *
 * The control-character table: every character below, put anywhere inside an otherwise valid
 * value, is refused in every one-line field with that field's message; the description keeps
 * only line breaks, tabs and the emoji joiner. ZIP and phone follow their patterns.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateHomeownerFields } from '#contract/core/fields';
import { validFields, validPhone, validZip } from './arbitraries';
import { bookingRequestSchema } from '#contract/booking/booking';
import type { HomeownerField } from '#contract/core/fields';
import { LIMITS } from '#contract/core/limits';
import { MESSAGES } from '#contract/core/messages';

const RUNS = 150;

/** The table: each character, its class, and whether the description keeps it. */
const CHARACTERS: ReadonlyArray<{ char: string; name: string; description: 'kept' | 'refused' }> = [
  { char: '\u0000', name: 'NUL (Cc)', description: 'refused' },
  { char: '\u0007', name: 'BEL (Cc)', description: 'refused' },
  { char: '\u001B', name: 'ESC (Cc)', description: 'refused' },
  { char: '\u007F', name: 'DEL (Cc)', description: 'refused' },
  { char: '\u0085', name: 'NEL, next line (Cc)', description: 'refused' },
  { char: '\u009B', name: 'CSI (Cc)', description: 'refused' },
  { char: '\n', name: 'line feed (Cc)', description: 'kept' },
  { char: '\r', name: 'carriage return (Cc)', description: 'kept' },
  { char: '\r\n', name: 'CR LF (Cc)', description: 'kept' },
  { char: '\t', name: 'tab (Cc)', description: 'kept' },
  { char: '\u000B', name: 'vertical tab (Cc)', description: 'refused' },
  { char: '\u000C', name: 'form feed (Cc)', description: 'refused' },
  { char: '\u202A', name: 'LRE, left-to-right embedding (Cf)', description: 'refused' },
  { char: '\u202B', name: 'RLE, right-to-left embedding (Cf)', description: 'refused' },
  { char: '\u202C', name: 'PDF, pop directional formatting (Cf)', description: 'refused' },
  { char: '\u202D', name: 'LRO, left-to-right override (Cf)', description: 'refused' },
  { char: '\u202E', name: 'RLO, right-to-left override (Cf)', description: 'refused' },
  { char: '\u2066', name: 'LRI, left-to-right isolate (Cf)', description: 'refused' },
  { char: '\u2067', name: 'RLI, right-to-left isolate (Cf)', description: 'refused' },
  { char: '\u2068', name: 'FSI, first strong isolate (Cf)', description: 'refused' },
  { char: '\u2069', name: 'PDI, pop directional isolate (Cf)', description: 'refused' },
  { char: '\u200E', name: 'LRM, left-to-right mark (Cf)', description: 'refused' },
  { char: '\u200F', name: 'RLM, right-to-left mark (Cf)', description: 'refused' },
  { char: '\u061C', name: 'ALM, Arabic letter mark (Cf)', description: 'refused' },
  { char: '\u200B', name: 'zero-width space (Cf)', description: 'refused' },
  { char: '\u200C', name: 'zero-width non-joiner (Cf)', description: 'refused' },
  { char: '\u200D', name: 'zero-width joiner (Cf)', description: 'kept' },
  { char: '\u2060', name: 'word joiner (Cf)', description: 'refused' },
  { char: '\uFEFF', name: 'zero-width no-break space, BOM (Cf)', description: 'refused' },
  { char: '\u00AD', name: 'soft hyphen (Cf)', description: 'refused' },
  { char: '\u2028', name: 'line separator (Zl)', description: 'kept' },
  { char: '\u2029', name: 'paragraph separator (Zp)', description: 'kept' },
];

/** The message each one-line field answers a forbidden character with. */
const ONE_LINE_MESSAGES: Record<Exclude<HomeownerField, 'description'>, string> = {
  name: MESSAGES.invisibleCharacters('Name'),
  phone: MESSAGES.phoneInvalid,
  email: MESSAGES.emailInvalid,
  city: MESSAGES.invisibleCharacters('City'),
  state: MESSAGES.invisibleCharacters('State'),
  zipCode: MESSAGES.zipCodeInvalid,
};

/** `value` with `char` put strictly inside it (never at an end, where trimming might remove it). */
function insideOf(value: string, char: string, at: number): string {
  const points = Array.from(value.trim());
  const i = 1 + (at % Math.max(1, points.length - 1));
  return [...points.slice(0, i), char, ...points.slice(i)].join('');
}

describe('the control-character table', () => {
  for (const [field, message] of Object.entries(ONE_LINE_MESSAGES)) {
    it(`refuses every character of the table inside ${field}, with "${message}"`, () => {
      fc.assert(
        fc.property(
          validFields,
          fc.constantFrom(...CHARACTERS),
          fc.nat(),
          (fields, { char }, at) => {
            const value = insideOf(String(fields[field as HomeownerField]), char, at);
            const errors = validateHomeownerFields({ ...fields, [field]: value });
            // A long value may also be over the cap by one: then that message comes first.
            expect([message, ...tooLongFor(field)]).toContain(errors[field as HomeownerField]);
            expect(Object.keys(errors)).toEqual([field]);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it('lets the description keep line breaks, tabs and emoji joiners, and refuses the rest', () => {
    fc.assert(
      fc.property(validFields, fc.constantFrom(...CHARACTERS), fc.nat(), (fields, row, at) => {
        const description = insideOf(fields.description, row.char, at);
        const error = validateHomeownerFields({ ...fields, description }).description;
        if (Array.from(description.trim()).length > LIMITS.description.max) {
          expect(error).toBe(MESSAGES.descriptionTooLong);
        } else if (row.description === 'kept') {
          expect(error, row.name).toBeUndefined();
        } else {
          expect(error, row.name).toBe(MESSAGES.invisibleCharacters('Description'));
        }
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('refuses a name that forges a line in the operations email', () => {
    expect(validateHomeownerFields({ name: 'Bob\nEmail: boss@evil.example' }).name).toBe(
      MESSAGES.invisibleCharacters('Name'),
    );
  });

  it('trims line breaks and other whitespace around a one-line value instead of refusing it', () => {
    fc.assert(
      fc.property(validFields, fc.constantFrom('\r\n', '\n', '\t', ' ', '\uFEFF'), (f, pad) => {
        const parsed = bookingRequestSchema.shape.name.safeParse(`${pad}${f.name}${pad}`);
        expect(parsed.success).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

function tooLongFor(field: string): string[] {
  const messages: Record<string, string> = {
    name: MESSAGES.nameTooLong,
    city: MESSAGES.cityTooLong,
    state: MESSAGES.stateTooLong,
    phone: MESSAGES.phoneTooLong,
    email: MESSAGES.emailTooLong,
    zipCode: MESSAGES.zipCodeTooLong,
  };
  return messages[field] === undefined ? [] : [messages[field]];
}

describe('ZIP code and phone patterns', () => {
  it('accepts every 5-digit ZIP and ZIP+4, and nothing with another shape', () => {
    fc.assert(
      fc.property(validZip, fc.string({ maxLength: 10 }), (zip, other) => {
        expect(validateHomeownerFields({ zipCode: zip }).zipCode).toBeUndefined();
        const otherError = validateHomeownerFields({ zipCode: other }).zipCode;
        if (/^\d{5}(-\d{4})?$/.test(other.trim())) expect(otherError).toBeUndefined();
        else expect(otherError).toBeDefined();
      }),
      { numRuns: RUNS * 3 },
    );
  });

  // '+' is not in the list: put before a leading 1 it makes the valid '+1' prefix.
  it('accepts 10 to 15 digits with separators and a leading +1, and refuses letters in any position', () => {
    fc.assert(
      fc.property(
        validPhone,
        fc.constantFrom('a', 'x', '#', '/', '*', ','),
        fc.nat(),
        (phone, bad, at) => {
          expect(validateHomeownerFields({ phone }).phone).toBeUndefined();
          const broken = insideOf(phone, bad, at + 2);
          expect([MESSAGES.phoneInvalid, MESSAGES.phoneTooLong]).toContain(
            validateHomeownerFields({ phone: broken }).phone,
          );
        },
      ),
      { numRuns: RUNS * 3 },
    );
  });

  it('refuses fewer than 10 or more than 15 digits', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.stringMatching(/^\d{1,9}$/), fc.stringMatching(/^\d{16,20}$/)),
        (digits) => {
          expect(validateHomeownerFields({ phone: digits }).phone).toBe(MESSAGES.phoneInvalid);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
