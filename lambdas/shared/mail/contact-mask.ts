/**
 * One rule for taking contact details out of what a homeowner wrote, for everything a hauler
 * sees before the homeowner accepts their quote: the offer email, the offer page (its `/api/lead`
 * answer) and a job link whose job is not theirs. Only the hauler given the contact itself (the
 * accepted one) reads the text as typed; operations always do.
 *
 * Why a rule of our own and not libphonenumber-js's findNumbers: it finds only numbers valid in a
 * numbering plan, so it misses a 7-digit local number ("555-0134"), an area code that does not
 * exist, and digits joined by underscores, emoji joiners or keycaps ("6️⃣0️⃣2️⃣…"). Seven digits
 * in a row, however punctuated, is a stricter test that needs no metadata.
 *
 * Out of scope, on purpose: numbers in words ("six oh two…"), and an address spelled one letter
 * at a time ("j o h n @ …" keeps all but the letters next to the @). A determined homeowner can
 * always find a way; this stops the ordinary ways of writing a phone number or an email address.
 */
import type { BookingRequest } from '#contract/booking/booking';
import type { JobDetails } from '#contract/loop/quote-loop';

export const CONTACT_HIDDEN = '[contact hidden]';

/** The homeowner's own contact as typed in the form: hidden wherever the description repeats it. */
export type OwnContact = Pick<BookingRequest, 'name' | 'phone' | 'email'>;

// --- Phone numbers -----------------------------------------------------------------------------
// Between digits: spaces and line breaks, any dash, brackets, underscores, stars, bullets,
// combining marks (a keycap's U+FE0F U+20E3), the joiners a description may keep, and a dot that
// does not end a sentence. Not commas or slashes: "3, 2, 10" is a list and "11/28/2026" a date;
// nor "2019. 3 couches", two sentences.
const SEPARATOR = String.raw`(?:[\s\p{Pd}\p{M}()\[\]_*\u00B7\u2022\u2060]|\u200D|\.(?!\s)|(?<=\s)\.)`;
// O, o, I and l stand in for 0 and 1 when no other letter touches them ("602-555-OO34"); a run
// still starts and ends with a real digit, so the "I" of "0134 I think" stays.
const LOOK_ALIKE = '[OoIl]';
const DIGITISH = String.raw`(?:\p{Nd}|(?<!(?!${LOOK_ALIKE})\p{L})${LOOK_ALIKE}(?!(?!${LOOK_ALIKE})\p{L}))`;
// Seven digits or more, starting and ending with a real one: a US local number is seven, so
// counts ("3 couches"), years ("2019"), sizes ("6x8 ft") and gate codes ("1234") never reach it.
// The classes are disjoint, so a near miss fails in linear time.
const PHONE_LIKE = new RegExp(
  // A leading + or (, and a keycap's marks after the last digit, go with the number.
  String.raw`(?:\+\s*)?(?:\(\s*)?\p{Nd}(?:${SEPARATOR}*${DIGITISH}){5,}${SEPARATOR}*\p{Nd}\p{M}*`,
  'gu',
);
// Two years with a dash between ("2019-2021") are eight digits but no phone number.
const YEAR_SPAN = /^(?:19|20)\d\d\s*\p{Pd}\s*(?:19|20)\d\d$/u;

// --- Email addresses ---------------------------------------------------------------------------
const OPEN = String.raw`[(\[{<]`;
const CLOSE = String.raw`[)\]}>]`;
// A dot spelled out: " dot ", "(dot)", "[.]".
const DOT_WORD = String.raw`(?:\s*${OPEN}\s*(?:dot|\.)\s*${CLOSE}\s*|\s+dot\s+)`;
// "a.b", "a dot b", "b . com"; not ". Then", which ends a sentence.
const DOT = String.raw`(?:\.(?!\s)|\s+\.\s*|${DOT_WORD})`;
// Parts of an address without their dots, so every dot is a DOT and matching never backtracks
// through the many ways to split "a.b.c".
const LOCAL_PART = String.raw`[\p{L}\p{N}_%+'’\-]+`;
const LOCAL = String.raw`${LOCAL_PART}(?:(?:\.|${DOT_WORD})${LOCAL_PART})*`;
const LABEL = String.raw`[\p{L}\p{N}][\p{L}\p{N}_\-]*`;
// The last label starts with a letter: "up at 5.30 pm" is a time, not an address.
const DOMAIN = String.raw`(?:${LABEL}${DOT})+\p{L}[\p{L}\p{N}\-]*`;
const PROVIDER = String.raw`(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|icloud|aol|protonmail|proton|comcast|msn)(?![\p{L}\p{N}])`;
// "a@b.com", "a @ b . com", "a(@)b.com", "a @ gmail"; never two optional runs of spaces side by
// side, which on a long run of spaces would backtrack in quadratic time.
const AT_SIGN = String.raw`(?:${LOCAL})?\s*(?:${OPEN}\s*)?@\s*(?:${CLOSE}\s*)?(?:${DOMAIN}|${PROVIDER})`;
// "a@b" and "@handle", without a dot: only an @ touching its words, so "follow @dana" keeps "follow".
const AT_TIGHT = String.raw`(?:${LOCAL})?(?:${OPEN})?@(?:${CLOSE})?\p{L}[\p{L}\p{N}_\-]*`;
// "a at b dot com", "a (at) b [dot] com", "a AT gmail": the word "at" needs a domain after it.
const AT_WORD = String.raw`${LOCAL}(?:\s*${OPEN}\s*at\s*${CLOSE}\s*|\s+at\s+)(?:${DOMAIN}|${PROVIDER})`;
const EMAIL_LIKE = new RegExp(`${AT_SIGN}|${AT_TIGHT}|${AT_WORD}`, 'giu');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The homeowner's name, phone and email as typed, and each word of the name, longest first. */
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

/**
 * `text` with every phone number and email address in it, and the homeowner's own name, phone and
 * email when given, replaced by `[contact hidden]`. Text with nothing to hide comes back as it was;
 * otherwise in NFKC form, as the rule reads fullwidth and circled digits as digits.
 */
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

/** The job as a hauler sees it before the homeowner accepts them: the free text without contact. */
export function jobDetailsWithoutContact(details: JobDetails, own: OwnContact): JobDetails {
  return {
    ...details,
    description: withoutContact(details.description, own),
    // One-line fields the homeowner typed too; their name is no secret of a city.
    city: withoutContact(details.city),
    state: withoutContact(details.state),
  };
}
