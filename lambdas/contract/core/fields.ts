import * as z from 'zod/mini';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

// Control and format characters and line separators: a line break in a name would forge a line
// in an email's text part, and a bidi override makes a value read as something else.
export const ONE_LINE_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

// The same, but pasted lists keep their line breaks and tabs, and emoji such as 👩‍🔧 their
// zero-width joiner.
export const DESCRIPTION_FORBIDDEN = /(?![\t\n\r\u200D])[\p{Cc}\p{Cf}]/u;

/** `required` also answers a missing or non-string value: never zod's generic text. */
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

export const oneLine = (field: string) => ({
  pattern: ONE_LINE_FORBIDDEN,
  message: MESSAGES.invisibleCharacters(field),
});

export const multiLine = (field: string) => ({
  pattern: DESCRIPTION_FORBIDDEN,
  message: MESSAGES.invisibleCharacters(field),
});

/** A strict body's errors: unknown keys named, anything else `notObject`. Every request body's. */
export const strictOptions = (notObject: string = MESSAGES.bodyNotObject) => ({
  error: (issue: { code: string; keys?: readonly string[] }) =>
    issue.code === 'unrecognized_keys' ? MESSAGES.unknownFields(issue.keys ?? []) : notObject,
});

/** A submission id: a UUID, kept and linked in lower case whatever case it was sent in. */
export const submissionIdSchema = z
  .uuid({ error: MESSAGES.submissionIdInvalid })
  .check(z.toLowerCase());

// z.email()'s pattern, tested after z.trim() (z.email() would test the untrimmed text); read
// from its definition, as z.regexes.email would bundle all of zod's patterns (~2.6 KB gzipped).
const EMAIL_PATTERN = z.email().def.pattern as RegExp;

export const ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;

/** As people type it: '+1 (602) 555-0134', '602.555.0134', '16025550134'. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/[ ().-]/g, '').replace(/^\+1/, '');
  return /^\d{10,15}$/.test(digits);
}

/** Unknown keys are ignored: Formik's values carry the files too. */
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

export interface IssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
}

/** Unknown keys are reported under their own name; issues about the whole body under none. */
export function firstMessagePerField(issues: readonly IssueLike[]): Record<string, string> {
  const fields: Record<string, string> = {};
  // Own properties only: a field named `__proto__` or `constructor` is named like any other.
  const setOnce = (field: string, message: string): void => {
    if (!Object.hasOwn(fields, field)) {
      Object.defineProperty(fields, field, {
        value: message,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
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

/** The first message of each of `fields`; anything but an object reads as an empty form. */
export function firstErrorPerField<F extends string>(
  schema: z.ZodMiniType,
  fields: readonly F[],
  values: unknown,
): Partial<Record<F, string>> {
  const result = schema.safeParse(typeof values === 'object' && values !== null ? values : {});
  if (result.success) return {};
  const messages = firstMessagePerField(result.error.issues);
  const errors: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const message = messages[field];
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

/** Formik's `validationSchema` would turn '' into undefined and show zod's text, not ours. */
export function validateHomeownerFields(values: unknown): Partial<Record<HomeownerField, string>> {
  return firstErrorPerField(homeownerFieldsSchema, HOMEOWNER_FIELDS, values);
}
