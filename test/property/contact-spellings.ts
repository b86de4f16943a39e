/**
 * Arbitraries for the contact-masking properties: phone numbers and email addresses spelled the
 * ways homeowners (and those getting round a filter) write them, and ordinary descriptions full of
 * numbers that are not contact. Shared by contact-mask.test.ts and offer-page-contact.test.ts.
 */
import fc from 'fast-check';

// ---------------------------------------------------------------------------------------------
// Ordinary text
// ---------------------------------------------------------------------------------------------

/**
 * Phrases of a junk description, many with numbers: counts, years, sizes, times, codes, dates.
 * A phrase starts with at most two digits and ends with at most four, so no two phrases joined
 * make seven digits in a row: nothing here is a phone number however they are joined.
 */
export const ORDINARY_PHRASES = [
  '3 couches',
  '2 mattresses',
  '10 bags of yard waste',
  'a 6x8 ft shed',
  'bought in 2019',
  'gate code 1234',
  'on the 2nd floor',
  '72 x 36 in table',
  'about 300 lbs',
  'Pick up at 5.30 pm',
  'left at the curb',
  'a polka dot chair',
  'I have 2 sofas',
  'half a truck, maybe 1/2',
  '4 tires (15 in)',
  'free after 11/28/2026',
  'a $50 tip',
  '3, 2 or 10 boxes',
  'Old TV - 55 in',
  'fridge no. 2',
] as const;

const JOINERS = ['. ', ', ', '; ', ' and ', '\n', '\n\n', ' - '] as const;

/** One to six ordinary phrases, joined as people join them. */
export const ordinaryText: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...ORDINARY_PHRASES), fc.constantFrom(...JOINERS)), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) =>
    parts.map(([phrase, joiner], i) => (i === 0 ? phrase : `${joiner}${phrase}`)).join(''),
  );

// ---------------------------------------------------------------------------------------------
// Phone numbers
// ---------------------------------------------------------------------------------------------

export interface Spelled {
  /** As written in the description. */
  written: string;
  /** Which way it was written, for the failure message. */
  style: string;
}

const digitString = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max });

/** Separators people (and filter dodgers) put between digits. */
const GAP = fc.constantFrom(
  '',
  ' ',
  '-',
  '.',
  '  ',
  ' - ',
  ' . ',
  '\u2013', // en dash
  '\u2010', // hyphen
  '\u00A0', // no-break space
  '\u200D', // zero-width joiner, which a description may keep
  '_',
  '\t',
  '\n',
);

/** Each digit in another script or form: fullwidth, mathematical bold, Arabic-Indic, keycap. */
const DIGIT_FORMS: Record<string, (digit: number) => string> = {
  ascii: (d) => String(d),
  fullwidth: (d) => String.fromCodePoint(0xff10 + d),
  'math bold': (d) => String.fromCodePoint(0x1d7ce + d),
  'arabic-indic': (d) => String.fromCodePoint(0x0660 + d),
  keycap: (d) => `${d}\uFE0F\u20E3`,
};

/** Ten digits as 3-3-4 with the gaps given. */
function grouped(digits: number[], [a, b]: [string, string]): string {
  const text = digits.join('');
  return `${text.slice(0, 3)}${a}${text.slice(3, 6)}${b}${text.slice(6)}`;
}

/** US numbers in the usual layouts: 602-555-0134, (602) 555 0134, +1 602 555 0134, 555-0134. */
const usualPhone: fc.Arbitrary<Spelled> = fc
  .tuple(
    fc.oneof(digitString(10, 10), digitString(7, 7)),
    fc.constantFrom('-', '.', ' ', ''),
    fc.constantFrom('dashes', 'parentheses', 'plus one', 'one dash', 'plain'),
  )
  .map(([digits, gap, style]) => {
    const text = digits.join('');
    const local = `${text.slice(-7, -4)}${gap}${text.slice(-4)}`;
    const area = text.slice(0, -7);
    if (area === '') return { written: local, style: `7 digits, ${JSON.stringify(gap)}` };
    const written = {
      dashes: `${area}${gap}${local}`,
      parentheses: `(${area}) ${local}`,
      'plus one': `+1 ${area}${gap === '' ? ' ' : gap}${local}`,
      'one dash': `1-${area}-${local}`,
      plain: `${area}${local}`,
    }[style]!;
    return { written, style };
  });

/** Any 7 to 11 digits, any separator between any two, in any digit form; maybe O for a 0. */
const oddPhone: fc.Arbitrary<Spelled> = fc
  .tuple(
    digitString(7, 11),
    fc.array(GAP, { minLength: 11, maxLength: 11 }),
    fc.constantFrom(...Object.keys(DIGIT_FORMS)),
    fc.boolean(),
  )
  .map(([digits, gaps, form, lookAlike]) => {
    const spell = DIGIT_FORMS[form]!;
    const keycap = form === 'keycap';
    const written = digits
      .map((digit, i) => {
        const last = i === digits.length - 1;
        // A letter O for a middle 0, as typed to get past a filter (never first or last).
        const shown = lookAlike && digit === 0 && i > 0 && !last ? 'O' : spell(digit);
        return i === 0 || keycap ? shown : `${gaps[i] ?? ''}${shown}`;
      })
      .join('');
    return { written, style: `${form}${lookAlike ? ', O for 0' : ''}` };
  });

/** Spaced out one digit at a time: "6 0 2 5 5 5 0 1 3 4". */
const spacedPhone: fc.Arbitrary<Spelled> = digitString(10, 10).map((digits) => ({
  written: digits.join(' '),
  style: 'spaced digits',
}));

export const phoneSpelling: fc.Arbitrary<Spelled> = fc.oneof(
  { arbitrary: usualPhone, weight: 3 },
  { arbitrary: oddPhone, weight: 3 },
  { arbitrary: spacedPhone, weight: 1 },
  {
    arbitrary: fc
      .tuple(digitString(10, 10), fc.tuple(GAP, GAP))
      .map(([digits, gaps]) => ({ written: grouped(digits, gaps), style: 'groups, odd gaps' })),
    weight: 1,
  },
);

/** Words before and after a contact: none ends or starts in a digit or an "at". */
export const LEAD_INS = ['call', 'Text me on', 'cell:', 'my number is', 'or', 'reach Dana'];
export const EMAIL_LEAD_INS = ['email', 'Write to', 'mail:', 'or', 'send photos to'];
export const TRAILERS = ['anytime', 'thanks!', 'after 5 pm', 'before noon.', 'ok'];

// ---------------------------------------------------------------------------------------------
// Email addresses
// ---------------------------------------------------------------------------------------------

const charsOf = (chars: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...chars.split('')), minLength, maxLength });

/** The pieces of an address: local parts (between dots), domain labels, top-level domain. */
export interface EmailParts {
  local: string[];
  labels: string[];
  tld: string;
}

export const emailParts: fc.Arbitrary<EmailParts> = fc.record({
  local: fc.array(charsOf('abcxyzABCXYZ0189_+-', 1, 12), { minLength: 1, maxLength: 3 }),
  labels: fc.array(
    fc
      .tuple(fc.constantFrom('a', 'z', '0', '9'), charsOf('abcxyz0189-', 0, 12))
      .map(([first, rest]) => first + rest),
    { minLength: 1, maxLength: 3 },
  ),
  tld: charsOf('abcdefghijklmnopqrstuvwxyzABCXYZ', 2, 8),
});

/** How the @ and the dots are written. */
const EMAIL_STYLES: Record<string, { at: string; dot: string; localDot?: string }> = {
  plain: { at: '@', dot: '.' },
  'spaces around @': { at: ' @ ', dot: '.' },
  'spaces around @ and dot': { at: ' @ ', dot: ' . ' },
  words: { at: ' at ', dot: ' dot ', localDot: ' dot ' },
  'upper-case words': { at: ' AT ', dot: ' DOT ' },
  '(at) [dot]': { at: ' (at) ', dot: ' [dot] ' },
  '[at] (dot)': { at: '[at]', dot: '(dot)' },
  '{at} {dot}': { at: ' {at} ', dot: '{dot}' },
  '<at> [.]': { at: '<at>', dot: '[.]' },
  '(@)': { at: '(@)', dot: '.' },
  'fullwidth @': { at: '\uFF20', dot: '\uFF0E' },
};

/** Webmail names a homeowner may give without a dot: "dana at gmail". */
export const PROVIDERS = ['gmail', 'yahoo', 'hotmail', 'outlook', 'icloud', 'aol'] as const;

export const emailSpelling: fc.Arbitrary<Spelled & { parts: EmailParts }> = fc.oneof(
  fc.tuple(emailParts, fc.constantFrom(...Object.keys(EMAIL_STYLES))).map(([parts, style]) => {
    const { at, dot, localDot = '.' } = EMAIL_STYLES[style]!;
    const written = `${parts.local.join(localDot)}${at}${[...parts.labels, parts.tld].join(dot)}`;
    return { written, style, parts };
  }),
  fc
    .tuple(emailParts, fc.constantFrom(...PROVIDERS), fc.constantFrom('@', ' at ', ' AT ', '(at)'))
    .map(([parts, provider, at]) => ({
      written: `${parts.local.join('.')}${at}${provider}`,
      style: `webmail without a dot, ${JSON.stringify(at)}`,
      parts: { local: parts.local, labels: [provider], tld: '' },
    })),
);
