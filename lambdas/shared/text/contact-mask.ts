// Hides contact details wherever a hauler reads a homeowner's text before their quote is accepted.
// Not libphonenumber-js: it misses 7-digit local numbers and digits joined by underscores or
// keycaps. Out of scope, on purpose: numbers in words, addresses spelled one letter at a time.
import type { BookingRequest } from '#contract/booking/booking';
import type { JobDetails } from '#contract/loop/quote-loop';

export const CONTACT_HIDDEN = '[contact hidden]';

export type OwnContact = Pick<BookingRequest, 'name' | 'phone' | 'email'>;

// Not commas, slashes or a dot ending a sentence: "3, 2, 10", "11/28/2026", "2019. 3 couches".
const SEPARATOR = String.raw`(?:[\s\p{Pd}\p{M}()\[\]_*\u00B7\u2022\u2060]|\u200D|\.(?!\s)|(?<=\s)\.)`;
// O, o, I and l stand in for 0 and 1 when no other letter touches them ("602-555-OO34").
const LOOK_ALIKE = '[OoIl]';
const DIGITISH = String.raw`(?:\p{Nd}|(?<!(?!${LOOK_ALIKE})\p{L})${LOOK_ALIKE}(?!(?!${LOOK_ALIKE})\p{L}))`;
// Seven digits or more, real ones at both ends; disjoint classes: a near miss fails in linear time.
const PHONE_LIKE = new RegExp(
  // A leading + or (, and a keycap's marks after the last digit, go with the number.
  String.raw`(?:\+\s*)?(?:\(\s*)?\p{Nd}(?:${SEPARATOR}*${DIGITISH}){5,}${SEPARATOR}*\p{Nd}\p{M}*`,
  'gu',
);
const YEAR_SPAN = /^(?:19|20)\d\d\s*\p{Pd}\s*(?:19|20)\d\d$/u;

const OPEN = String.raw`[(\[{<]`;
const CLOSE = String.raw`[)\]}>]`;
const DOT_WORD = String.raw`(?:\s*${OPEN}\s*(?:dot|\.)\s*${CLOSE}\s*|\s+dot\s+)`;
// Not ". Then", which ends a sentence.
const DOT = String.raw`(?:\.(?!\s)|\s+\.\s*|${DOT_WORD})`;
// Parts without their dots, so matching never backtracks through the ways to split "a.b.c".
const LOCAL_PART = String.raw`[\p{L}\p{N}_%+'’\-]+`;
const LOCAL = String.raw`${LOCAL_PART}(?:(?:\.|${DOT_WORD})${LOCAL_PART})*`;
const LABEL = String.raw`[\p{L}\p{N}][\p{L}\p{N}_\-]*`;
// The last label starts with a letter: "up at 5.30 pm" is a time, not an address.
const DOMAIN = String.raw`(?:${LABEL}${DOT})+\p{L}[\p{L}\p{N}\-]*`;
const PROVIDER = String.raw`(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|icloud|aol|protonmail|proton|comcast|msn)(?![\p{L}\p{N}])`;
// Never two optional runs of spaces side by side: on a long run they backtrack in quadratic time.
const AT_SIGN = String.raw`(?:${LOCAL})?\s*(?:${OPEN}\s*)?@\s*(?:${CLOSE}\s*)?(?:${DOMAIN}|${PROVIDER})`;
// "a@b" and "@handle", without a dot: only an @ touching its words, so "follow @dana" keeps "follow".
const AT_TIGHT = String.raw`(?:${LOCAL})?(?:${OPEN})?@(?:${CLOSE})?\p{L}[\p{L}\p{N}_\-]*`;
const AT_WORD = String.raw`${LOCAL}(?:\s*${OPEN}\s*at\s*${CLOSE}\s*|\s+at\s+)(?:${DOMAIN}|${PROVIDER})`;
const EMAIL_LIKE = new RegExp(`${AT_SIGN}|${AT_TIGHT}|${AT_WORD}`, 'giu');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function ownParts(own: OwnContact): RegExp[] {
  const parts = [own.email, own.phone, own.name, ...own.name.split(/\s+/u)]
    .map((part) => part.normalize('NFKC').trim())
    .filter((part) => part.length >= 3)
    .sort((a, b) => b.length - a.length);
  // Whole words only: a name part "Lee" must not eat "sleeper sofa".
  return parts.map(
    (part) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(part)}(?![\\p{L}\\p{N}])`, 'giu'),
  );
}

// Unchanged text comes back as is; else NFKC, which reads fullwidth and circled digits as digits.
export function withoutContact(text: string, own?: OwnContact): string {
  const normal = text.normalize('NFKC');
  // Shapes first: the name must not take "dana" out of "dana at example dot com" and leave the rest.
  let result = normal
    .replace(EMAIL_LIKE, CONTACT_HIDDEN)
    .replace(PHONE_LIKE, (run) => (YEAR_SPAN.test(run) ? run : CONTACT_HIDDEN));
  if (own !== undefined) {
    const parts = ownParts(own);
    // Between the markers only: a homeowner called "Hidden" must not rewrite one.
    result = result
      .split(CONTACT_HIDDEN)
      .map((piece) => parts.reduce((rest, part) => rest.replace(part, CONTACT_HIDDEN), piece))
      .join(CONTACT_HIDDEN);
  }
  return result === normal ? text : result;
}

export function jobDetailsWithoutContact(details: JobDetails, own: OwnContact): JobDetails {
  return {
    ...details,
    description: withoutContact(details.description, own),
    // One-line fields the homeowner typed too; their name is no secret of a city.
    city: withoutContact(details.city),
    state: withoutContact(details.state),
  };
}
