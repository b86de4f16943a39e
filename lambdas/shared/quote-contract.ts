/**
 * The quote request's contract: limits, user-facing messages, request and response shapes.
 *
 * One module, imported by the browser form (through Formik `validate`) and by both Lambdas, so a
 * rule or a message changes in one place only. It imports nothing but zod: it must bundle for the
 * browser and for Node without pulling in the AWS SDK or React.
 *
 * Written with `zod/mini`, Zod 4's functional API (`z.string().check(z.trim(), z.minLength(…))`
 * instead of method chains), for the browser bundle: bundled alone (esbuild, minified, gzip -9)
 * this module costs 11.5 KB gzipped (35.8 KB raw) against 32.5 KB (108.2 KB raw) with classic
 * zod, whose schemas carry every method and so every check. Both APIs share zod's core, so
 * parsing, trimming, issues, paths and our messages are the same. What differs:
 * - zod/mini loads no locale, so zod's own default text reads just "Invalid input" (classic zod,
 *   once loaded anywhere in the process, switches English back on for both). Only issues we give
 *   no message of our own carry that text: a non-object given to `quoteFieldsSchema` (which
 *   `validateQuoteFields` never passes on) and the response schemas, whose callers read nothing
 *   but `success` and `data`. `z.config(en())` from 'zod/v4/locales/en.js' would cost 1.1 KB.
 * - A failed parse reports a `z.core.$ZodError` (an Error named "$ZodError", with the same
 *   `issues`) instead of classic's `ZodError` subclass and its `flatten`/`format` helpers.
 * - `import * as z` tree-shakes as well as named imports (the same bytes with esbuild), except
 *   `z.regexes`, a namespace that is bundled whole once touched (see EMAIL_PATTERN).
 */
import * as z from 'zod/mini';

/** Where the two functions are reached: CloudFront behaviours, the local server and the form. */
export const API_PATHS = {
  uploadUrls: '/api/upload-urls',
  sendBookingEmails: '/api/send-booking-emails',
  // The quote loop (lambdas/shared/quote-loop-contract.ts): read a request, then change it.
  lead: '/api/lead',
  sendQuote: '/api/send-quote',
  decideQuote: '/api/decide-quote',
  cancelRequest: '/api/cancel-request',
} as const;

/** Every number the quote flow enforces. */
export const LIMITS = {
  name: { min: 2, max: 100 },
  phone: { min: 10, max: 20 },
  email: { max: 255 },
  city: { min: 2, max: 100 },
  state: { min: 2, max: 50 },
  zipCode: { min: 5, max: 10 },
  description: { min: 10, max: 1000 },
  photos: { min: 2, max: 10 },
  videoMaxSeconds: 30,
  /**
   * Per photo, after the browser's downscaling. Phones produce 3-12 MB originals; the browser
   * re-encodes large ones and may send a small original as is, so 15 MB leaves room for both.
   */
  photoMaxBytes: 15 * 1024 * 1024,
  /** 30 seconds of 1080p phone video is roughly 60-130 MB. */
  videoMaxBytes: 200 * 1024 * 1024,
  photoCacheControlSeconds: 3600,
  /** Long enough for a slow mobile upload to start, short enough that a leaked URL is soon useless. */
  uploadUrlExpirySeconds: 300,
  /** Both JSON bodies are a few KB at most; anything larger is not from our form. */
  requestBodyMaxBytes: 64 * 1024,
  /** A public media URL is about 120 characters; this only bounds garbage. */
  mediaUrlMaxLength: 2048,
} as const;

/** MIME types accepted by the photo picker and the upload-URL function, and their file extensions. */
export const PHOTO_CONTENT_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/gif': 'gif',
} as const;

/** MIME types accepted by the video picker and the upload-URL function, and their file extensions. */
export const VIDEO_CONTENT_TYPES = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
} as const;

export type PhotoContentType = keyof typeof PHOTO_CONTENT_TYPES;
export type VideoContentType = keyof typeof VIDEO_CONTENT_TYPES;
export type MediaContentType = PhotoContentType | VideoContentType;

export function isPhotoContentType(value: string): value is PhotoContentType {
  return Object.hasOwn(PHOTO_CONTENT_TYPES, value);
}

export function isVideoContentType(value: string): value is VideoContentType {
  return Object.hasOwn(VIDEO_CONTENT_TYPES, value);
}

/** The file extension an upload of this content type is stored under ('image/jpeg' → 'jpg'). */
export function extensionFor(contentType: MediaContentType): string {
  return isPhotoContentType(contentType)
    ? PHOTO_CONTENT_TYPES[contentType]
    : VIDEO_CONTENT_TYPES[contentType];
}

/** How a content type is named to the visitor ('Photo 2 is not a real JPEG image file'). */
export const MEDIA_TYPE_NAMES: Record<MediaContentType, string> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'image/heic': 'HEIC image',
  'image/heif': 'HEIF image',
  'image/gif': 'GIF image',
  'video/mp4': 'MP4 video',
  'video/quicktime': 'MOV video',
  'video/webm': 'WebM video',
};

const megabytes = (bytes: number): number => Math.round(bytes / (1024 * 1024));

/**
 * Every text the visitor can see from the quote flow. Spec texts (SPEC §5, §8) are copied letter
 * for letter, including the typographic apostrophe in `successText`; the spec gives no
 * maximum-length messages, so those are ours.
 */
export const MESSAGES = {
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: `Name must be at most ${LIMITS.name.max} characters`,
  phoneInvalid: 'Please enter a valid phone number',
  phoneTooLong: `Phone number must be at most ${LIMITS.phone.max} characters`,
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: `Email must be at most ${LIMITS.email.max} characters`,
  cityRequired: 'Please enter your city',
  cityTooLong: `City must be at most ${LIMITS.city.max} characters`,
  stateRequired: 'Please enter your state',
  stateTooLong: `State must be at most ${LIMITS.state.max} characters`,
  zipCodeInvalid: 'Please enter a valid zip code',
  zipCodeTooLong: `Zip code must be at most ${LIMITS.zipCode.max} characters`,
  descriptionTooShort: 'Please provide more details about your trash',
  descriptionTooLong: `Description must be at most ${LIMITS.description.max} characters`,
  /** Ours: control, format or line-separator characters (NUL, bidi overrides, zero-width). */
  invisibleCharacters: (field: string): string =>
    `${field} must not contain control or invisible characters`,

  tooManyPhotos: 'You can upload a maximum of 10 photos',
  videoTooLong: 'Video must be 30 seconds or less',
  videoUnreadable: "We couldn't read this video's length. Please choose an MP4, MOV or WebM file.",
  mediaRequired: 'Please upload at least 2 photos or a video',
  photosOrVideo: 'Please upload either photos or a video, not both',
  photoNotImage: 'Photos must be JPEG, PNG, WebP, HEIC, HEIF or GIF images',
  videoNotVideo: 'The video must be an MP4, MOV or WebM file',
  duplicatePhoto: 'Each photo can only be added once',
  photoCountMismatch: 'photoCount must equal the number of photoUrls',
  hasVideoMismatch: 'hasVideo must be true exactly when a videoUrl is sent',
  mediaUrlInvalid: 'Media links must be valid http(s) URLs',
  photoTooLarge: (n: number): string =>
    `Photo ${n} is too large (maximum ${megabytes(LIMITS.photoMaxBytes)} MB)`,
  videoTooLarge: `The video is too large (maximum ${megabytes(LIMITS.videoMaxBytes)} MB)`,
  fileSizeInvalid: 'File size must be a positive whole number of bytes',
  fileKindInvalid: 'File kind must be "photo" or "video"',
  noFiles: 'Add at least one file to upload',
  submissionIdInvalid: 'submissionId must be a UUID',
  honeypotFilled: 'This field must be left empty',
  bodyNotObject: 'The request body must be a JSON object',
  unknownFields: (keys: readonly string[]): string => `Unknown field: ${keys.join(', ')}`,

  submitFailed: "We couldn't submit your request. Please try again.",
  unexpected: 'Something went wrong. Please try again.',
  emailFailed:
    'We received your request but could not send the confirmation email. Please try again.',
  notifyFailed:
    'We received your request but could not pass it on to our team yet. Please try again.',
  uploadFailed: (n: number, reason: string): string => `Failed to upload photo ${n}: ${reason}`,
  /** Ours: a second batch of upload links for one submission, beyond a retry of its own files. */
  uploadBatchUsed:
    'This request already has its upload links. Please reload the page and send your request again.',
  /** Booking-time media checks; `label` is 'Photo 2' or 'The video'. */
  mediaNotUploaded: (label: string): string =>
    `${label} is not a file uploaded with this request. Please upload it again.`,
  mediaNotFound: (label: string): string => `${label} was not found. Please upload it again.`,
  /** The file's bytes are not the type it was declared as (an HTML page sent as image/jpeg). */
  mediaContentMismatch: (label: string, contentType: string): string =>
    `${label} is not a real ${MEDIA_TYPE_NAMES[contentType as MediaContentType] ?? 'photo or video'} file. Please choose another ${label.startsWith('Photo') ? 'photo' : 'video'}.`,
  /** Ours: the spec does not show video upload; worded like the photo message. */
  videoUploadFailed: (reason: string): string => `Failed to upload the video: ${reason}`,

  successTitle: 'Quote Request Submitted',
  successText: 'Check your email for confirmation. We’ll connect you with a local hauler shortly.',
  successButton: 'Got it',
  failureTitle: 'Submission Failed',
  failureButton: 'Try Again',
} as const;

// ---------------------------------------------------------------------------------------------
// The seven text fields
// ---------------------------------------------------------------------------------------------

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
function trimmedText(
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

const oneLine = (message: string) => ({ pattern: ONE_LINE_FORBIDDEN, message });

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

/** The seven text fields of SPEC §5, each trimmed. Unknown keys are ignored (Formik values carry files too). */
export const quoteFieldsSchema = z.object({
  name: trimmedText(
    LIMITS.name.min,
    LIMITS.name.max,
    MESSAGES.nameTooShort,
    MESSAGES.nameTooLong,
    oneLine(MESSAGES.invisibleCharacters('Name')),
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
    oneLine(MESSAGES.invisibleCharacters('City')),
  ),
  state: trimmedText(
    LIMITS.state.min,
    LIMITS.state.max,
    MESSAGES.stateRequired,
    MESSAGES.stateTooLong,
    oneLine(MESSAGES.invisibleCharacters('State')),
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
    {
      pattern: DESCRIPTION_FORBIDDEN,
      message: MESSAGES.invisibleCharacters('Description'),
    },
  ),
});

export type QuoteFields = z.output<typeof quoteFieldsSchema>;
export type QuoteField = keyof QuoteFields;
export const QUOTE_FIELDS = Object.keys(quoteFieldsSchema.shape) as QuoteField[];

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
export function validateQuoteFields(values: unknown): Partial<Record<QuoteField, string>> {
  // Anything but an object reads as an empty form: every field gets its own message.
  const result = quoteFieldsSchema.safeParse(
    typeof values === 'object' && values !== null ? values : {},
  );
  if (result.success) return {};
  const messages = firstMessagePerField(result.error.issues);
  const errors: Partial<Record<QuoteField, string>> = {};
  for (const field of QUOTE_FIELDS) {
    const message = messages[field];
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Media rules, shared by the form's submit check and the booking schema
// ---------------------------------------------------------------------------------------------

/**
 * The media rule of SPEC §3-§5 on a selection: 2 to 10 photos, or one video, never both.
 * Returns the message to show, or undefined when the selection may be submitted.
 */
export function mediaSelectionError(selection: {
  photoCount: number;
  hasVideo: boolean;
}): string | undefined {
  const { photoCount, hasVideo } = selection;
  if (hasVideo && photoCount > 0) return MESSAGES.photosOrVideo;
  if (photoCount > LIMITS.photos.max) return MESSAGES.tooManyPhotos;
  if (!hasVideo && photoCount < LIMITS.photos.min) return MESSAGES.mediaRequired;
  return undefined;
}

/** The video-length rule; the browser reads the duration from the file's metadata. */
export function videoDurationError(seconds: number): string | undefined {
  return seconds > LIMITS.videoMaxSeconds ? MESSAGES.videoTooLong : undefined;
}

// ---------------------------------------------------------------------------------------------
// Load size and pickup time (issue 12; docs/decisions/015 and 016): both optional
// ---------------------------------------------------------------------------------------------

/** The five load sizes, smallest first: the wire values of `loadSize`. Prices: ./pricing.ts. */
export const LOAD_SIZES = ['few-items', 'quarter', 'half', 'three-quarter', 'full'] as const;
export type LoadSize = (typeof LOAD_SIZES)[number];

/** What the visitor and the emails read for each size. */
export const LOAD_SIZE_LABELS: Record<LoadSize, { label: string; hint?: string }> = {
  'few-items': { label: 'A few items', hint: 'about 1/8 of a truck' },
  quarter: { label: 'Quarter truck' },
  half: { label: 'Half truck' },
  'three-quarter': { label: 'Three-quarter truck' },
  full: { label: 'Full truck' },
};

/** 'asap' is the default: no day chosen. The other three carry the visitor's local date. */
export const PICKUP_DAYS = ['asap', 'today', 'tomorrow', 'date'] as const;
export type PickupDay = (typeof PICKUP_DAYS)[number];
export const PICKUP_DAY_LABELS: Record<PickupDay, string> = {
  asap: 'As soon as possible',
  today: 'Today',
  tomorrow: 'Tomorrow',
  date: 'Pick a date',
};

export const PICKUP_WINDOWS = ['any', 'morning', 'afternoon'] as const;
export type PickupWindow = (typeof PICKUP_WINDOWS)[number];
export const PICKUP_WINDOW_LABELS: Record<PickupWindow, string> = {
  any: 'Any time',
  morning: 'Morning (8–12)',
  afternoon: 'Afternoon (12–5)',
};

export const PICKUP_LIMITS = {
  /** The form offers the visitor's today to this many days ahead. */
  daysAhead: 30,
  /**
   * The server knows only UTC, and a visitor's today is UTC's yesterday to tomorrow (UTC-12 to
   * UTC+14): it accepts UTC's yesterday to this many days after UTC's today.
   */
  serverDaysAhead: 31,
} as const;

export const CHOICE_MESSAGES = {
  loadSizeInvalid: `Load size must be one of: ${LOAD_SIZES.join(', ')}`,
  pickupDayInvalid: `Pickup day must be one of: ${PICKUP_DAYS.join(', ')}`,
  pickupWindowInvalid: `Pickup window must be one of: ${PICKUP_WINDOWS.join(', ')}`,
  pickupDateRequired: 'Please choose a pickup date',
  pickupDateInvalid: 'pickupDate must be a calendar date written YYYY-MM-DD',
  pickupDateOutOfRange: `Please choose a pickup date from today to ${PICKUP_LIMITS.daysAhead} days ahead`,
  pickupDateUnexpected: 'pickupDate is only sent with pickupDay today, tomorrow or date',
  /** Announced to screen readers when the ZIP fills City and State. */
  zipFilled: (filled: string): string => `Filled in from the zip code: ${filled}`,
} as const;

/** A calendar date as YYYY-MM-DD, no time, no zone: the date the visitor saw. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD ('2026-02-30' is not one). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The YYYY-MM-DD `days` after (or before) a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The message for a pickup date outside `from` to `to` (YYYY-MM-DD strings compare as dates). */
export function pickupDateError(date: string, from: string, to: string): string | undefined {
  if (!isIsoDate(date)) return CHOICE_MESSAGES.pickupDateRequired;
  return date < from || date > to ? CHOICE_MESSAGES.pickupDateOutOfRange : undefined;
}

/** The server's range: UTC's yesterday to 31 days after UTC's today (see PICKUP_LIMITS). */
export function serverPickupDateError(date: string, now: Date): string | undefined {
  const today = now.toISOString().slice(0, 10);
  return pickupDateError(date, addDays(today, -1), addDays(today, PICKUP_LIMITS.serverDaysAhead));
}

/** The three optional fields of the request body; absent means "not said": any size, asap, any time. */
const jobChoicesShape = {
  loadSize: z.optional(z.enum(LOAD_SIZES, { error: CHOICE_MESSAGES.loadSizeInvalid })),
  pickupDay: z.optional(z.enum(PICKUP_DAYS, { error: CHOICE_MESSAGES.pickupDayInvalid })),
  pickupDate: z.optional(
    z
      .string({ error: CHOICE_MESSAGES.pickupDateInvalid })
      .check(z.refine(isIsoDate, CHOICE_MESSAGES.pickupDateInvalid)),
  ),
  pickupWindow: z.optional(z.enum(PICKUP_WINDOWS, { error: CHOICE_MESSAGES.pickupWindowInvalid })),
};

/** The names of the optional job choices, in the order the form asks them. */
export const JOB_CHOICE_FIELDS = Object.keys(jobChoicesShape) as Array<
  keyof typeof jobChoicesShape
>;

/** A day other than 'asap' needs its date; 'asap' (or none) takes none. */
function checkPickupDate(
  value: { pickupDay?: PickupDay | undefined; pickupDate?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  const needsDate = value.pickupDay !== undefined && value.pickupDay !== 'asap';
  if (needsDate && value.pickupDate === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['pickupDate'],
      message: CHOICE_MESSAGES.pickupDateRequired,
    });
  } else if (!needsDate && value.pickupDate !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['pickupDate'],
      message: CHOICE_MESSAGES.pickupDateUnexpected,
    });
  }
}

const PICKUP_KEYS: readonly PropertyKey[] = ['pickupDay', 'pickupDate'];
const pickupFieldsParsed = (payload: {
  issues: ReadonlyArray<{ readonly path?: readonly PropertyKey[] }>;
}): boolean => payload.issues.every((issue) => !PICKUP_KEYS.includes(issue.path?.[0] ?? ''));

/** What the form holds for the choosers: '' for "no size", a date only when one is picked. */
export interface JobChoiceValues {
  loadSize: LoadSize | '';
  pickupDay: PickupDay;
  /** The date input's value; used only when pickupDay is 'date'. */
  pickupDate: string;
  pickupWindow: PickupWindow;
}

/** The body fields for the form's choices, given the visitor's local today (YYYY-MM-DD). */
export function jobChoicesForRequest(
  values: JobChoiceValues,
  today: string,
): Pick<BookingRequestInput, 'loadSize' | 'pickupDay' | 'pickupDate' | 'pickupWindow'> {
  const date =
    values.pickupDay === 'today'
      ? today
      : values.pickupDay === 'tomorrow'
        ? addDays(today, 1)
        : values.pickupDay === 'date'
          ? values.pickupDate
          : undefined;
  return {
    ...(values.loadSize === '' ? {} : { loadSize: values.loadSize }),
    pickupDay: values.pickupDay,
    ...(date === undefined ? {} : { pickupDate: date }),
    pickupWindow: values.pickupWindow,
  };
}

/** What the form says while it works, and without JavaScript. */
export const STATUS_MESSAGES = {
  preparing: 'Preparing your photos…',
  uploading: (filesDone: number, filesTotal: number, percent: number): string =>
    `Uploading ${filesDone} of ${filesTotal} files… ${percent}%`,
  sending: 'Sending your request…',
  noScript: 'Sending a quote request needs JavaScript. Please turn it on and reload this page.',
} as const;

// ---------------------------------------------------------------------------------------------
// The whole form, as the browser validates it: fields, choices and the media selection
// ---------------------------------------------------------------------------------------------

/**
 * The value the form validates: its text fields and choices, the media selection as counts, the
 * visitor's local today (the date range's start) and the ZIP the lookup did not know, if any.
 */
export const quoteFormSchema = z
  .object({
    ...quoteFieldsSchema.shape,
    pickupDay: z.enum(PICKUP_DAYS, { error: CHOICE_MESSAGES.pickupDayInvalid }),
    pickupDate: z.string(),
    today: z.string(),
    photoCount: z.number(),
    hasVideo: z.boolean(),
    unknownZip: z.optional(z.string()),
  })
  .check(
    z.superRefine((value, ctx) => {
      const mediaError = mediaSelectionError(value);
      if (mediaError !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['media'], message: mediaError });
      }
      if (value.pickupDay === 'date') {
        const dateError = pickupDateError(
          value.pickupDate,
          value.today,
          addDays(value.today, PICKUP_LIMITS.daysAhead),
        );
        if (dateError !== undefined) {
          ctx.addIssue({ code: 'custom', path: ['pickupDate'], message: dateError });
        }
      }
      if (value.unknownZip && value.zipCode.slice(0, 5) === value.unknownZip) {
        ctx.addIssue({ code: 'custom', path: ['zipCode'], message: MESSAGES.zipCodeInvalid });
      }
    }),
  );

export type QuoteFormValue = z.input<typeof quoteFormSchema>;
/** Where the form shows a message: a text field, the pickup date, or the media pickers. */
export type QuoteFormErrorKey = QuoteField | 'pickupDate' | 'media';

/** Formik `validate` for the whole form: `{}` when valid, else the first message per place. */
export function validateQuoteForm(
  value: QuoteFormValue,
): Partial<Record<QuoteFormErrorKey, string>> {
  const result = quoteFormSchema.safeParse(value);
  if (result.success) return {};
  const messages = firstMessagePerField(result.error.issues);
  const errors: Partial<Record<QuoteFormErrorKey, string>> = {};
  for (const key of [...QUOTE_FIELDS, 'pickupDate', 'media'] as const) {
    const message = messages[key];
    if (message !== undefined) errors[key] = message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// POST /api/send-booking-emails
// ---------------------------------------------------------------------------------------------

/**
 * The honeypot: a field hidden from people (off-screen, aria-hidden, tabIndex -1,
 * autoComplete "off") that form-filling bots fill in.
 *
 * Decision: a filled honeypot is answered with a silent fake success (200 and a reference), and
 * nothing is stored or sent. A 400 would tell the bot's author exactly which field to leave
 * empty. The schema still rejects the field, so no code path can accidentally accept it; the
 * Lambda checks `isHoneypotFilled` before validating and logs the hit.
 */
export const HONEYPOT_FIELD = 'website';

export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !(HONEYPOT_FIELD in body)) return false;
  const value: unknown = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== '';
}

const mediaUrl = z
  .url({ protocol: /^https?$/, error: MESSAGES.mediaUrlInvalid })
  .check(z.maxLength(LIMITS.mediaUrlMaxLength, MESSAGES.mediaUrlInvalid));

const MEDIA_KEYS: readonly PropertyKey[] = ['photoUrls', 'photoCount', 'hasVideo', 'videoUrl'];

/**
 * Cross-field media checks run only when the media fields themselves parsed, so a bad name still
 * gets reported next to a bad photo count, while a missing photoUrls array is not reported twice.
 */
function mediaFieldsParsed(payload: {
  issues: ReadonlyArray<{ readonly code?: string; readonly path?: readonly PropertyKey[] }>;
}): boolean {
  return payload.issues.every((issue) => {
    const head = issue.path?.[0];
    if (head === undefined) return issue.code === 'unrecognized_keys';
    return !MEDIA_KEYS.includes(head);
  });
}

/** SPEC §7's body, plus the submission id, the video's link and the honeypot. */
export const bookingRequestSchema = z
  .strictObject(
    {
      ...quoteFieldsSchema.shape,
      photoUrls: z
        .array(mediaUrl, { error: 'photoUrls must be a list of links' })
        .check(z.maxLength(LIMITS.photos.max, MESSAGES.tooManyPhotos)),
      photoCount: z
        .number({ error: 'photoCount must be a number' })
        .check(
          z.int('photoCount must be a whole number'),
          z.gte(0, 'photoCount must not be negative'),
        ),
      hasVideo: z.boolean({ error: 'hasVideo must be true or false' }),
      submissionId: z.uuid({ error: MESSAGES.submissionIdInvalid }),
      videoUrl: z.optional(mediaUrl),
      ...jobChoicesShape,
      // A string, so the browser can send its hidden field as is; only '' passes.
      [HONEYPOT_FIELD]: z.optional(
        z.string({ error: MESSAGES.honeypotFilled }).check(z.maxLength(0, MESSAGES.honeypotFilled)),
      ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? MESSAGES.unknownFields(issue.keys)
          : MESSAGES.bodyNotObject,
    },
  )
  .check(
    z.superRefine(
      (request, ctx) => {
        const { photoUrls, photoCount, hasVideo, videoUrl } = request;
        const hasVideoUrl = videoUrl !== undefined;
        const selectionError = mediaSelectionError({
          photoCount: photoUrls.length,
          hasVideo: hasVideoUrl,
        });
        if (selectionError !== undefined) {
          const path = selectionError === MESSAGES.photosOrVideo ? 'videoUrl' : 'photoUrls';
          ctx.addIssue({ code: 'custom', path: [path], message: selectionError });
        }
        if (new Set(photoUrls).size !== photoUrls.length) {
          ctx.addIssue({ code: 'custom', path: ['photoUrls'], message: MESSAGES.duplicatePhoto });
        }
        if (photoCount !== photoUrls.length) {
          ctx.addIssue({
            code: 'custom',
            path: ['photoCount'],
            message: MESSAGES.photoCountMismatch,
          });
        }
        if (hasVideo !== hasVideoUrl) {
          ctx.addIssue({ code: 'custom', path: ['hasVideo'], message: MESSAGES.hasVideoMismatch });
        }
      },
      { when: mediaFieldsParsed },
    ),
    z.superRefine(checkPickupDate, { when: pickupFieldsParsed }),
  );

/** What the browser sends (before trimming). */
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
/** What the Lambda works with (trimmed, validated). */
export type BookingRequest = z.output<typeof bookingRequestSchema>;

export const bookingResponseSchema = z.object({ ok: z.literal(true), reference: z.string() });
export type BookingResponse = z.output<typeof bookingResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/upload-urls
// ---------------------------------------------------------------------------------------------

const uploadFileSchema = z.strictObject(
  {
    kind: z.enum(['photo', 'video'], { error: MESSAGES.fileKindInvalid }),
    contentType: z.string({ error: 'contentType must be a MIME type such as image/jpeg' }),
    size: z
      .number({ error: MESSAGES.fileSizeInvalid })
      .check(z.int(MESSAGES.fileSizeInvalid), z.positive(MESSAGES.fileSizeInvalid)),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? MESSAGES.unknownFields(issue.keys)
        : 'Each file must be an object with kind, contentType and size',
  },
);

export type UploadFile = z.output<typeof uploadFileSchema>;

/** Per-file checks that need the kind: allowed MIME types and size caps, naming the file's position. */
function checkUploadFiles(files: readonly UploadFile[], ctx: z.core.$RefinementCtx): void {
  const videoCount = files.filter((file) => file.kind === 'video').length;
  if (videoCount > 0 && files.length > 1) {
    ctx.addIssue({ code: 'custom', path: ['files'], message: MESSAGES.photosOrVideo });
  }
  files.forEach((file, index) => {
    const n = index + 1;
    if (file.kind === 'photo') {
      if (!isPhotoContentType(file.contentType)) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', index, 'contentType'],
          message: `Photo ${n}: ${MESSAGES.photoNotImage}`,
        });
      }
      if (file.size > LIMITS.photoMaxBytes) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', index, 'size'],
          message: MESSAGES.photoTooLarge(n),
        });
      }
    } else {
      if (!isVideoContentType(file.contentType)) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', index, 'contentType'],
          message: MESSAGES.videoNotVideo,
        });
      }
      if (file.size > LIMITS.videoMaxBytes) {
        ctx.addIssue({
          code: 'custom',
          path: ['files', index, 'size'],
          message: MESSAGES.videoTooLarge,
        });
      }
    }
  });
}

/**
 * One call per form attempt, listing every file to upload. 1 to 10 photos (a retry may upload
 * only some of them; the booking call enforces the minimum of 2), or exactly one video alone.
 */
export const uploadUrlsRequestSchema = z
  .strictObject(
    {
      submissionId: z.uuid({ error: MESSAGES.submissionIdInvalid }),
      files: z
        .array(uploadFileSchema, { error: 'files must be a list' })
        .check(
          z.minLength(1, MESSAGES.noFiles),
          z.maxLength(LIMITS.photos.max, MESSAGES.tooManyPhotos),
        ),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? MESSAGES.unknownFields(issue.keys)
          : MESSAGES.bodyNotObject,
    },
  )
  .check(z.superRefine((request, ctx) => checkUploadFiles(request.files, ctx)));

export type UploadUrlsRequest = z.output<typeof uploadUrlsRequestSchema>;

/** create-upload-urls' answer: one presigned upload per file, in the order of the request's `files`. */
export const uploadUrlsResponseSchema = z.object({
  uploads: z.array(
    z.object({
      /** 1-based position, as in 'Failed to upload photo {n}'. */
      index: z.number(),
      /** The object key the PUT writes: `incoming/{submissionId}/{timestamp}_{index}.{ext}` (quarantine). */
      key: z.string(),
      /** PUT the file's bytes here, exactly `size` bytes (Content-Length is signed). */
      url: z.string(),
      /** Send exactly these headers with the PUT. */
      headers: z.record(z.string(), z.string()),
      /** The link to put in photoUrls / videoUrl once the PUT succeeded. */
      publicUrl: z.string(),
    }),
  ),
});

export type UploadUrlsResponse = z.output<typeof uploadUrlsResponseSchema>;
export type PresignedUpload = UploadUrlsResponse['uploads'][number];

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** The codes our functions answer with; `code` stays a string on the wire so new codes don't break old browsers. */
export type ApiErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'empty_body'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'method_not_allowed'
  | 'invalid_media'
  | 'upload_limit'
  | 'email_failed'
  | 'invalid_link'
  | 'conflict'
  | 'internal';

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});

export type ApiErrorBody = z.output<typeof apiErrorBodySchema>;

/**
 * The message of an error answer, in either shape SPEC §7 allows: `{ error: 'text' }` or
 * `{ error: { message: 'text' } }`. Undefined for anything else, so the caller falls back to
 * MESSAGES.submitFailed.
 */
export function errorMessageFrom(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  if (typeof error === 'string') return error.trim() === '' ? undefined : error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}
