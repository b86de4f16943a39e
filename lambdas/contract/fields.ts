import * as z from 'zod/mini';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/**
 * What a one-line field refuses once trimmed: control characters (`\p{Cc}`: NUL, line breaks,
 * tabs), format characters (`\p{Cf}`: bidi overrides and isolates, zero-width space and joiners,
 * soft hyphen) and the Unicode line and paragraph separators. A line break in a name would forge a
 * line in the operations email's text part; a bidi override makes a value read differently from
 * what it is.
 */
export const ONE_LINE_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * What the description refuses: the same, except that it keeps line breaks (\n, \r, the
 * Unicode separators) and tabs (pasted lists and tables carry them; in the email's text part they
 * are whitespace, in its HTML part escaped text), and the zero-width joiner, which emoji sequences
 * such as 👩‍🔧 are made of. Bidi controls and the other zero-width characters stay refused.
 */
export const DESCRIPTION_FORBIDDEN = /(?![\t\n\r\u200D])[\p{Cc}\p{Cf}]/u;

/**
 * A trimmed string between `min` and `max` characters, without `forbidden` characters.
 * `required` is also the answer to a missing or non-string value, so the visitor never sees zod's
 * generic "Invalid input" text.
 */
export function trimmedText(
  min: number,
  max: number,
  required: string,
  tooLong: string,
  invalid: { pattern: RegExp; message: string },
) {
  return z.string({ error: required }).check(
    z.trim(),
    z.minLength(min, required),
    z.maxLength(max, tooLong),
    z.refine((value) => !invalid.pattern.test(value), invalid.message),
  );
}

/** The hygiene rule of a one-line field, named for its message. */
export const oneLine = (field: string) => ({
  pattern: ONE_LINE_FORBIDDEN,
  message: MESSAGES.invisibleCharacters(field),
});

/** The hygiene rule of a multi-line field (line breaks, tabs and emoji joiners allowed). */
export const multiLine = (field: string) => ({
  pattern: DESCRIPTION_FORBIDDEN,
  message: MESSAGES.invisibleCharacters(field),
});

/** A submission id: a UUID, kept and linked in lower case whatever case it was sent in. */
export const submissionIdSchema = z
  .uuid({ error: MESSAGES.submissionIdInvalid })
  .check(z.toLowerCase());

/**
 * zod's own email rule, the very pattern `z.email()` tests, here applied after `z.trim()` (a
 * `z.email()` schema would test the untrimmed text). Read from a `z.email()` definition, where zod
 * fills it in when the schema is built (so the cast is safe), because `z.regexes.email` would
 * bundle all of zod's patterns, about 2.6 KB gzipped, for this one.
 */
const EMAIL_PATTERN = z.email().def.pattern as RegExp;

/** `12345` or `12345-6789`. */
export const ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;

/**
 * A US phone number as people type it: 10 to 15 digits once spaces, dashes, dots, parentheses
 * and a leading +1 are removed ('+1 (602) 555-0134', '602.555.0134', '16025550134').
 */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/[ ().-]/g, '').replace(/^\+1/, '');
  return /^\d{10,15}$/.test(digits);
}

/** The homeowner's seven text fields, each trimmed. Unknown keys are ignored (Formik values carry files too). */
export const homeownerFieldsSchema = z.object({
  name: trimmedText(
    LIMITS.name.min,
    LIMITS.name.max,
    MESSAGES.nameTooShort,
    MESSAGES.nameTooLong,
    oneLine('Name'),
  ),
  phone: z
    .string({ error: MESSAGES.phoneInvalid })
    .check(
      z.trim(),
      z.maxLength(LIMITS.phone.max, MESSAGES.phoneTooLong),
      z.refine(isPhoneNumber, MESSAGES.phoneInvalid),
    ),
  email: z.string({ error: MESSAGES.emailInvalid }).check(
    z.trim(),
    z.regex(EMAIL_PATTERN, MESSAGES.emailInvalid),
    z.maxLength(LIMITS.email.max, MESSAGES.emailTooLong),
    z.refine((value) => !ONE_LINE_FORBIDDEN.test(value), MESSAGES.emailInvalid),
  ),
  city: trimmedText(
    LIMITS.city.min,
    LIMITS.city.max,
    MESSAGES.cityRequired,
    MESSAGES.cityTooLong,
    oneLine('City'),
  ),
  state: trimmedText(
    LIMITS.state.min,
    LIMITS.state.max,
    MESSAGES.stateRequired,
    MESSAGES.stateTooLong,
    oneLine('State'),
  ),
  zipCode: z
    .string({ error: MESSAGES.zipCodeInvalid })
    .check(
      z.trim(),
      z.maxLength(LIMITS.zipCode.max, MESSAGES.zipCodeTooLong),
      z.regex(ZIP_CODE_PATTERN, MESSAGES.zipCodeInvalid),
    ),
  description: trimmedText(
    LIMITS.description.min,
    LIMITS.description.max,
    MESSAGES.descriptionTooShort,
    MESSAGES.descriptionTooLong,
    multiLine('Description'),
  ),
});

export type HomeownerFields = z.output<typeof homeownerFieldsSchema>;
export type HomeownerField = keyof HomeownerFields;
export const HOMEOWNER_FIELDS = Object.keys(homeownerFieldsSchema.shape) as HomeownerField[];

/** One issue as zod reports it; only what we read. */
export interface IssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
}

/**
 * The first message for each top-level field, e.g. `{ name: 'Name must be at least 2 characters' }`.
 * Unknown keys are reported under their own name; issues about the whole body have no field.
 */
export function firstMessagePerField(issues: readonly IssueLike[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const setOnce = (field: string, message: string): void => {
    if (!(field in fields)) fields[field] = message;
  };
  for (const issue of issues) {
    const [head] = issue.path;
    if (head !== undefined) {
      setOnce(String(head), issue.message);
    } else if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? []) setOnce(key, MESSAGES.unknownFields([key]));
    }
  }
  return fields;
}

/**
 * Formik `validate` for the seven text fields: `{}` when valid, else the first message per field.
 * (Formik's `validationSchema` would turn '' into undefined and show zod's text instead of ours.)
 */
export function validateHomeownerFields(values: unknown): Partial<Record<HomeownerField, string>> {
  // Anything but an object reads as an empty form: every field gets its own message.
  const result = homeownerFieldsSchema.safeParse(
    typeof values === 'object' && values !== null ? values : {},
  );
  if (result.success) return {};
  const messages = firstMessagePerField(result.error.issues);
  const errors: Partial<Record<HomeownerField, string>> = {};
  for (const field of HOMEOWNER_FIELDS) {
    const message = messages[field];
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}
