/**
 * fast-check generators for quote requests: valid ones (every field inside its limits, with
 * unicode, markup and link-like text), and hostile ones (each defect on its own, so a 4xx can only
 * come from that defect).
 */
import fc from 'fast-check';
import { BASE_URL } from './support';
import { DESCRIPTION_FORBIDDEN, ONE_LINE_FORBIDDEN } from '#contract/core/fields';
import { LIMITS } from '#contract/core/limits';
import { PHOTO_CONTENT_TYPES, VIDEO_CONTENT_TYPES } from '#contract/booking/media-types';

// ---------------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------------

/** Pieces of text a person might type, or paste: every script, emoji, marks, bidi, markup, links. */
const TEXT_PIECES = [
  // Latin, accented, decomposed (e + combining acute), other scripts
  'a',
  'Z',
  'q',
  '7',
  'é',
  'ß',
  'Ø',
  'ñ',
  'e\u0301',
  'a\u0308\u0323',
  'ш',
  'Ж',
  '中',
  '文',
  'ひ',
  '한',
  'ｘ',
  // right-to-left scripts and bidi controls
  'ש',
  'ל',
  'ו',
  'ם',
  'م',
  'ر',
  'ح',
  'ب',
  '\u202E',
  '\u202D',
  '\u200F',
  '\u2066',
  '\u2069',
  // a combining mark on its own, zero-width characters
  '\u0301',
  '\u20DD',
  '\u200B',
  '\u200D',
  // emoji: surrogate pairs, ZWJ sequences, flags, skin tones
  '😀',
  '🚛',
  '🛋️',
  '👩‍👩‍👧',
  '🇺🇸',
  '👍🏽',
  // markup, links, templating, injection classics
  '<',
  '>',
  '&',
  '"',
  "'",
  '’',
  '<script>alert(1)</script>',
  '<a href="https://evil.example">',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'https://evil.example/x',
  'www.evil.example',
  'evil@example.com',
  '${7*7}',
  '{{7*7}}',
  "'; DROP TABLE leads;--",
  '../',
  '\\',
  '%0d%0a',
  // control and separator characters
  '\u0000',
  '\u0007',
  '\r\n',
  '\n',
  '\t',
  '\u2028',
  '\u0085',
  ' ',
  ' ',
  '\u00A0',
  '\u3000',
] as const;

/** Whitespace String.prototype.trim (and so the contract) removes around a field. */
const PADDING = fc.constantFrom('', ' ', '  ', '\t', '\n', '\u00A0', '\u3000', '\uFEFF', '\r\n ');

/** Length as the contract (zod) counts it: in code points, so an emoji is one character. */
export const characters = (text: string): number => Array.from(text).length;

/**
 * Concatenates pieces (cyclically) into a string of exactly `length` code points, never splitting
 * a piece, topping up with 'x'.
 */
function fill(pieces: readonly string[], length: number): string {
  let out = '';
  let count = 0;
  let skipped = 0;
  for (let i = 0; count < length && skipped < pieces.length; i += 1) {
    const piece = pieces[i % pieces.length] ?? 'x';
    const size = characters(piece);
    if (count + size <= length) {
      out += piece;
      count += size;
      skipped = 0;
    } else {
      skipped += 1;
    }
  }
  return out + 'x'.repeat(length - count);
}

const piecesOf = (from: readonly string[]) =>
  fc.array(fc.constantFrom(...from), { minLength: 1, maxLength: 24 });
const pieces = piecesOf(TEXT_PIECES);

/** What a valid one-line field (name, city, state) may hold: no control or format characters. */
export const ONE_LINE_PIECES = TEXT_PIECES.filter((piece) => !ONE_LINE_FORBIDDEN.test(piece));
/** What a valid description may hold: line breaks, tabs and emoji joiners too. */
export const DESCRIPTION_PIECES = TEXT_PIECES.filter((piece) => !DESCRIPTION_FORBIDDEN.test(piece));

/**
 * Text whose trimmed length (in code points, as the contract counts) is within [min, max], padded
 * with whitespace the contract trims; made of `from` (every piece, unless told).
 */
export function textWithin(
  min: number,
  max: number,
  from: readonly string[] = TEXT_PIECES,
): fc.Arbitrary<string> {
  return fc
    .tuple(PADDING, piecesOf(from), fc.integer({ min, max }), PADDING)
    .map(([before, chosen, length, after]) => before + fill(chosen, length) + after)
    .filter((text) => {
      const trimmed = characters(text.trim());
      return trimmed >= min && trimmed <= max;
    });
}

/** Text too short once trimmed: 0 to min-1 characters, possibly all whitespace. */
export function textTooShort(min: number): fc.Arbitrary<string> {
  return fc
    .tuple(PADDING, pieces, fc.integer({ min: 0, max: min - 1 }), PADDING)
    .map(([before, chosen, length, after]) => before + fill(chosen, length) + after)
    .filter((text) => characters(text.trim()) < min);
}

/** Text too long once trimmed: just over the cap, well over, or tens of kilobytes. */
export function textTooLong(max: number): fc.Arbitrary<string> {
  const length = fc.oneof(
    fc.integer({ min: max + 1, max: max + 5 }),
    fc.integer({ min: max + 6, max: max * 3 }),
    fc.integer({ min: 10_000, max: 60_000 }),
  );
  return fc
    .tuple(pieces, length)
    .map(([chosen, n]) => fill(chosen, n))
    .filter((text) => characters(text.trim()) > max);
}

/** No unpaired surrogate (String.prototype.isWellFormed is ES2024, beyond this project's lib). */
export const isWellFormed = (text: string): boolean => !/\p{Cs}/u.test(text);

/** A lone (unpaired) surrogate: not a character, not encodable as UTF-8. */
const LONE_SURROGATE = fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83D');

/** Valid-length text with one unpaired surrogate inserted somewhere: never well-formed. */
export function withLoneSurrogate(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(text, LONE_SURROGATE, fc.nat())
    .map(([value, surrogate, at]) => {
      const i = at % (value.length + 1);
      return value.slice(0, i) + surrogate + value.slice(i);
    })
    .filter((value) => !isWellFormed(value));
}

// ---------------------------------------------------------------------------------------------
// Wrong types
// ---------------------------------------------------------------------------------------------

/** Any JSON value that is not a string. */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Any JSON value that is not a number. */
export const notANumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.constantFrom('2', '1e3', 'NaN', 'Infinity', ''),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
);

/** Any JSON value that is not a boolean. */
export const notABoolean: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('true', 'false', 0, 1, '', 'yes'),
  fc.integer(),
  fc.constant(null),
  fc.array(fc.boolean(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.boolean(), { maxKeys: 2 }),
);

/** Any JSON value that is not an array. */
export const notAnArray: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** Numbers that are no count of anything: negative, fractional, huge, unsafe. */
export const badCount: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ max: -1 }),
  fc.double({ min: 0.001, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
  fc.constantFrom(2 ** 53, 2 ** 60, 1e300, -0.5, 1.5),
);

// ---------------------------------------------------------------------------------------------
// Valid fields
// ---------------------------------------------------------------------------------------------

/**
 * A phone number as people type it: 10 to 15 digits, maybe a leading +1, with spaces, dashes,
 * dots and parentheses between them; at most 20 characters once trimmed.
 */
export const validPhone: fc.Arbitrary<string> = fc
  .tuple(
    PADDING,
    fc.constantFrom('', '+1 ', '+1', '1 ', '('),
    fc.array(fc.constantFrom('0', '1', '5', '9'), { minLength: 10, maxLength: 15 }),
    fc.array(fc.constantFrom('', '', '', ' ', '-', '.', ') ', '('), {
      minLength: 15,
      maxLength: 15,
    }),
    PADDING,
  )
  // A '1 ' typed without its '+' is one more digit: at most 15 in all.
  .filter(([, prefix, digits]) => digits.length + (prefix === '1 ' ? 1 : 0) <= 15)
  .map(([before, prefix, digits, separators, after]) => {
    // Digits at the end, so trimming never shortens it.
    const body = digits.map((digit, i) => (i === 0 ? digit : `${separators[i] ?? ''}${digit}`));
    return before + prefix + body.join('') + after;
  })
  .filter((phone) => phone.trim().length <= LIMITS.phone.max);

/** A ZIP code: five digits, or ZIP+4. */
export const validZip: fc.Arbitrary<string> = fc
  .tuple(
    PADDING,
    fc.stringMatching(/^\d{5}$/),
    fc.option(fc.stringMatching(/^\d{4}$/), { nil: undefined }),
    PADDING,
  )
  .map(
    ([before, five, four, after]) =>
      `${before}${five}${four === undefined ? '' : `-${four}`}${after}`,
  );

const charsOf = (chars: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...chars.split('')), minLength, maxLength });

/** An address that matches the contract's (zod's) email rule, with room for the odd apostrophe. */
export const validEmail: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(charsOf('abcxyzABCXYZ0189_+-', 1, 12), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('', "o'", "'"),
    fc.array(fc.tuple(fc.constantFrom('a', 'z', '0', '9'), charsOf('abcxyz0189-', 0, 12)), {
      minLength: 1,
      maxLength: 3,
    }),
    charsOf('abcdefghijklmnopqrstuvwxyzABCXYZ', 2, 8),
    PADDING,
    PADDING,
  )
  .map(([localParts, apostrophe, labels, tld, before, after]) => {
    const local = apostrophe + localParts.join('.');
    const domain = labels.map(([first, rest]) => first + rest).join('.');
    return `${before}${local}@${domain}.${tld}${after}`;
  })
  .filter((email) => email.trim().length <= LIMITS.email.max);

/** Text fields of a valid request. */
export const validFields = fc.record({
  name: textWithin(LIMITS.name.min, LIMITS.name.max, ONE_LINE_PIECES),
  phone: validPhone,
  email: validEmail,
  city: textWithin(LIMITS.city.min, LIMITS.city.max, ONE_LINE_PIECES),
  state: textWithin(LIMITS.state.min, LIMITS.state.max, ONE_LINE_PIECES),
  zipCode: validZip,
  description: textWithin(LIMITS.description.min, LIMITS.description.max, DESCRIPTION_PIECES),
});

// ---------------------------------------------------------------------------------------------
// Media
// ---------------------------------------------------------------------------------------------

export const PHOTO_TYPES = Object.keys(PHOTO_CONTENT_TYPES) as (keyof typeof PHOTO_CONTENT_TYPES)[];
export const VIDEO_TYPES = Object.keys(VIDEO_CONTENT_TYPES) as (keyof typeof VIDEO_CONTENT_TYPES)[];

export interface MediaObject {
  key: string;
  url: string;
  contentType: string;
}

export function mediaObject(
  submissionId: string,
  timestamp: number,
  index: number,
  contentType: string,
  extension: string,
): MediaObject {
  const key = `quote-photos/${submissionId}/${timestamp}_${index}.${extension}`;
  return { key, url: `${BASE_URL}/${key}`, contentType };
}

const timestamp = fc.integer({ min: 1, max: 9_999_999_999_999 });

/** 2 to 10 uploaded photos in the submission's own folder (distinct 1-based indexes). */
export function uploadedPhotos(submissionId: string): fc.Arbitrary<MediaObject[]> {
  return fc
    .tuple(
      timestamp,
      fc.uniqueArray(fc.integer({ min: 1, max: 99 }), {
        minLength: LIMITS.photos.min,
        maxLength: LIMITS.photos.max,
      }),
      fc.array(fc.constantFrom(...PHOTO_TYPES), { minLength: 10, maxLength: 10 }),
    )
    .map(([ts, indexes, types]) =>
      indexes.map((index, i) => {
        const type = types[i] ?? 'image/jpeg';
        return mediaObject(submissionId, ts, index, type, PHOTO_CONTENT_TYPES[type]);
      }),
    );
}

/** One uploaded video in the submission's own folder. */
export function uploadedVideo(submissionId: string): fc.Arbitrary<MediaObject> {
  return fc
    .tuple(timestamp, fc.integer({ min: 1, max: 10 }), fc.constantFrom(...VIDEO_TYPES))
    .map(([ts, index, type]) =>
      mediaObject(submissionId, ts, index, type, VIDEO_CONTENT_TYPES[type]),
    );
}

// ---------------------------------------------------------------------------------------------
// Whole valid booking requests
// ---------------------------------------------------------------------------------------------

export interface BookingCase {
  body: Record<string, unknown>;
  /** The objects S3 must hold for the request's links to pass the existence check. */
  media: MediaObject[];
  submissionId: string;
}

/** A valid booking request, with photos or a video, and the objects it refers to. */
export const validBooking: fc.Arbitrary<BookingCase> = fc
  .tuple(fc.uuid(), validFields, fc.boolean(), fc.constantFrom('absent', 'empty'))
  .chain(([submissionId, fields, withVideo, honeypot]) =>
    (withVideo
      ? uploadedVideo(submissionId).map((video) => [video])
      : uploadedPhotos(submissionId)
    ).map((media): BookingCase => {
      const video = withVideo ? media[0] : undefined;
      const photos = withVideo ? [] : media;
      return {
        submissionId,
        media,
        body: {
          ...fields,
          photoUrls: photos.map((photo) => photo.url),
          photoCount: photos.length,
          hasVideo: video !== undefined,
          ...(video === undefined ? {} : { videoUrl: video.url }),
          submissionId,
          ...(honeypot === 'empty' ? { website: '' } : {}),
        },
      };
    }),
  );

// ---------------------------------------------------------------------------------------------
// Whole valid upload-URL requests
// ---------------------------------------------------------------------------------------------

export interface UploadFileSpec {
  kind: 'photo' | 'video';
  contentType: string;
  size: number;
}

export const validUploadRequest: fc.Arbitrary<{ submissionId: string; files: UploadFileSpec[] }> =
  fc.record({
    submissionId: fc.uuid(),
    files: fc.oneof(
      fc.array(
        fc.record({
          kind: fc.constant('photo' as const),
          contentType: fc.constantFrom(...PHOTO_TYPES),
          size: fc.integer({ min: 1, max: LIMITS.photoMaxBytes }),
        }),
        { minLength: 1, maxLength: LIMITS.photos.max },
      ),
      fc
        .record({
          kind: fc.constant('video' as const),
          contentType: fc.constantFrom(...VIDEO_TYPES),
          size: fc.integer({ min: 1, max: LIMITS.videoMaxBytes }),
        })
        .map((file) => [file]),
    ),
  });

// ---------------------------------------------------------------------------------------------
// Structure: keys, JSON text
// ---------------------------------------------------------------------------------------------

/**
 * Keys that mean something to JavaScript objects. Sent as JSON text, so `__proto__` arrives as an
 * own property (an object literal would set the prototype instead).
 */
export const DANGEROUS_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'toJSON',
  'isPrototypeOf',
  '__defineGetter__',
  '__lookupGetter__',
  'then',
  'length',
] as const;

/** What a pollution attempt tries to plant: the markers the prototype guard looks for. */
export const pollutionPayload: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant({ polluted: 'yes', isAdmin: true }),
  fc.constant({ prototype: { polluted: 'yes' } }),
  fc.constant({ website: '', submissionId: '00000000-0000-4000-8000-000000000000' }),
  fc.constant({ toString: 'x', valueOf: 1 }),
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.constant(null),
);

/** Every key either schema knows, the honeypot included. */
const KNOWN_KEYS = new Set([
  'name',
  'phone',
  'email',
  'city',
  'state',
  'zipCode',
  'description',
  'photoUrls',
  'photoCount',
  'hasVideo',
  'submissionId',
  'videoUrl',
  'website',
  'files',
  'kind',
  'contentType',
  'size',
]);

/** An extra key that no schema knows (the honeypot `website` excluded: it has its own property). */
export const unknownKey: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(...DANGEROUS_KEYS),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
    fc.constantFrom('Name', 'NAME', 'name ', ' name', 'photourls', 'admin', 'role', 'isAdmin', ''),
    fc.integer({ min: 1, max: 200 }).map((n) => 'k'.repeat(n)),
  )
  .filter((key) => !KNOWN_KEYS.has(key));

/**
 * A JSON object text: the given (valid) fields plus one extra member written as raw JSON, at the
 * start or the end, so `__proto__` survives as a key.
 */
export function jsonWithExtraMember(
  fields: Record<string, unknown>,
  key: string,
  value: unknown,
  atStart: boolean,
): string {
  const rest = JSON.stringify(fields).slice(1, -1);
  const member = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
  if (rest === '') return `{${member}}`;
  return atStart ? `{${member},${rest}}` : `{${rest},${member}}`;
}

/** Text that is not JSON at all, or not quite. */
export function notJsonText(validJson: string): fc.Arbitrary<string> {
  return fc.oneof(
    // a valid body cut short
    fc
      .integer({ min: 1, max: Math.max(1, validJson.length - 1) })
      .map((n) => validJson.slice(0, n)),
    // a valid body with garbage after it
    fc.constantFrom('x', '}', ',', '{}', ' //', '\u0000').map((tail) => validJson + tail),
    fc.constantFrom(
      "{'name':'Jane'}",
      '{name:"Jane"}',
      '{"a":1,}',
      '{"a":NaN}',
      '{"a":Infinity}',
      '{"a":undefined}',
      '/* comment */ {}',
      '{"a":1} // comment',
      '{"a":"\\x41"}',
      '{"a":"\\u12"}',
      '{"a":"tab\tinside"}',
      '{"a":01}',
      '<?xml version="1.0"?><quote/>',
      '<html></html>',
      'name=Jane&phone=6025550134',
      '--boundary\r\nContent-Disposition: form-data; name="name"\r\n\r\nJane\r\n--boundary--',
      '\u0000\u0001\u0002',
      ' ',
      '\n\t ',
      'undefined',
      "{'__proto__':{'polluted':'yes'}}",
    ),
    // random text, unlikely to be JSON (whatever is JSON is answered as a non-object or invalid)
    fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }).filter((text) => {
      try {
        const value: unknown = JSON.parse(text);
        return typeof value !== 'object' || value === null || Array.isArray(value);
      } catch {
        return true;
      }
    }),
  );
}

/** JSON whose top-level value is not an object. */
export function nonObjectJson(validBody: unknown): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .jsonValue({ maxDepth: 3 })
      .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
      .map((value) => JSON.stringify(value)),
    fc.constant(JSON.stringify([validBody])),
    fc.constantFrom('null', 'true', 'false', '0', '-1', '1e999', '"{}"', '[]', '[{}]', '""'),
  );
}

/** Deeply nested JSON, as a whole body or inside a field, within the 64 KB cap. */
export function deeplyNested(validBody: Record<string, unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.integer({ min: 1_000, max: 32_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
    fc
      .tuple(
        fc.integer({ min: 1_000, max: 10_000 }),
        // Not the honeypot: a filled one is answered with a silent 200 (its own property).
        fc.constantFrom(...Object.keys(validBody).filter((key) => key !== 'website')),
      )
      .map(([n, field]) => {
        const nested = '{"a":'.repeat(n) + '1' + '}'.repeat(n);
        const rest = JSON.stringify({ ...validBody, [field]: 0 });
        return rest.replace(`${JSON.stringify(field)}:0`, `${JSON.stringify(field)}:${nested}`);
      }),
    fc
      .integer({ min: 1_000, max: 10_000 })
      .map((n) =>
        jsonWithExtraMember(validBody, 'x', 0, false).replace(
          '"x":0',
          `"x":${'['.repeat(n)}${']'.repeat(n)}`,
        ),
      ),
  );
}

// ---------------------------------------------------------------------------------------------
// Hostile values, labelled by the class of input they belong to
// ---------------------------------------------------------------------------------------------

export interface Labelled<T> {
  label: string;
  value: T;
}

export function labelled<T>(label: string, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Labelled<T>> {
  return arbitrary.map((value) => ({ label, value }));
}

export const LABELS = {
  wrongType: 'wrong JSON type for a field',
  tooShort: 'text too short once trimmed (incl. whitespace only)',
  tooLong: 'text too long (just over the cap up to 60 KB)',
  loneSurrogate: 'text with a lone surrogate (ill-formed unicode)',
  badEmail: 'malformed email (header injection, missing parts, non-ASCII, over 255)',
  badUuid: 'malformed submission id',
  badMediaList:
    'bad media list (not a list, not links, non-http(s), too many, too few, duplicates)',
  badCount: 'photoCount / hasVideo that disagree with the links, or are not whole numbers',
  photosAndVideo: 'photos and a video together',
  badFile: 'bad file entry (kind, content type, size)',
} as const;

/** A bad value for a text field with the given limits. */
export function badText(min: number, max: number): fc.Arbitrary<Labelled<unknown>> {
  return fc.oneof(
    labelled(LABELS.wrongType, notAString),
    labelled(LABELS.tooShort, textTooShort(min)),
    labelled(LABELS.tooLong, textTooLong(max)),
    labelled(LABELS.loneSurrogate, withLoneSurrogate(textWithin(min, max))),
  );
}

export const badEmail: fc.Arbitrary<Labelled<unknown>> = fc.oneof(
  labelled(LABELS.wrongType, notAString),
  labelled(LABELS.loneSurrogate, withLoneSurrogate(validEmail)),
  labelled(
    LABELS.badEmail,
    fc.oneof(
      fc.constantFrom(
        '',
        ' ',
        'jane',
        'jane@',
        '@example.com',
        'jane@example',
        'jane doe@example.com',
        'a@b.c',
        '.jane@example.com',
        'jane..doe@example.com',
        'jane.@example.com',
        'jane@example.com.',
        'jane@-example.com',
        'jane@ex_ample.com',
        'jane@@example.com',
        '<jane@example.com>',
        'Jane <jane@example.com>',
        'jane@example.com,bob@example.com',
        'jane@example.com;bob@example.com',
        'jane@example.com\r\nBcc: victim@evil.example',
        'jane@example.com\nBcc:victim@evil.example',
        'jane@example.com%0ABcc:victim@evil.example',
        'jäne@example.com',
        'jane@exämple.com',
        'jane@例え.jp',
        'jane@[127.0.0.1]',
        'jane@127.0.0.1',
        '"jane"@example.com',
        'jane(comment)@example.com',
        'jane@localhost',
        'jane@example.com\u0000',
        'jane\u202E@example.com',
      ),
      textWithin(1, 60).filter((text) => !text.includes('@')),
      fc.integer({ min: 244, max: 5_000 }).map((n) => `${'a'.repeat(n)}@example.com`),
    ),
  ),
);

const VALID_LOOKING_UUID = '3f2a9c1b-7d4e-4a5b-9c8d-0e1f2a3b4c5d';

export const badSubmissionId: fc.Arbitrary<Labelled<unknown>> = fc.oneof(
  labelled(LABELS.wrongType, notAString),
  labelled(
    LABELS.badUuid,
    fc.oneof(
      fc.constantFrom(
        '',
        'abc',
        VALID_LOOKING_UUID.replace(/-/g, ''),
        `{${VALID_LOOKING_UUID}}`,
        ` ${VALID_LOOKING_UUID}`,
        `${VALID_LOOKING_UUID}\n`,
        `${VALID_LOOKING_UUID}/../x`,
        '3f2a9c1b-7d4e-0a5b-9c8d-0e1f2a3b4c5d',
        '3f2a9c1b-7d4e-4a5b-7c8d-0e1f2a3b4c5d',
        '../../leads/2025/11/x',
        "' OR 1=1 --",
      ),
      fc.uuid().map((id) => `${id}x`),
      fc.uuid().map((id) => id.slice(1)),
      fc.uuid().map((id) => id.replace(/-/g, '_')),
    ),
  ),
);

/** Strings that are not http(s) links. */
const NOT_HTTP_LINKS = [
  'javascript:alert(1)',
  'ftp://www.example.com/quote-photos/a/1_1.jpg',
  'data:image/png;base64,iVBORw0KGgo=',
  'file:///etc/passwd',
  'mailto:jane@example.com',
  'not a url',
  '//evil.example/1_1.jpg',
  '/quote-photos/a/1_1.jpg',
  'https://',
  '',
] as const;

/** A bad photoUrls value, given the case's own (valid) photo links. */
export function badPhotoUrls(c: BookingCase): fc.Arbitrary<Labelled<unknown>> {
  const own = c.media.map((m) => m.url);
  const first = own[0] ?? `${BASE_URL}/quote-photos/${c.submissionId}/1_1.jpg`;
  return fc.oneof(
    labelled(LABELS.wrongType, notAnArray),
    labelled(
      LABELS.badMediaList,
      fc.oneof(
        fc.array(notAString, { minLength: 2, maxLength: 3 }),
        fc.array(fc.constantFrom(...NOT_HTTP_LINKS), { minLength: 2, maxLength: 3 }),
        fc
          .integer({ min: 11, max: 15 })
          .map((n) =>
            Array.from(
              { length: n },
              (_, i) => `${BASE_URL}/quote-photos/${c.submissionId}/1_${i + 1}.jpg`,
            ),
          ),
        fc.constant(c.body.hasVideo === true ? [first, first] : [first]),
        fc.constant([first, first]),
        fc.constant(c.body.hasVideo === true ? [first, `${first}x`] : []),
        fc.integer({ min: 2_100, max: 4_000 }).map((n) => [first, `${first}?${'a'.repeat(n)}`]),
      ),
    ),
  );
}

/** A photoCount that is not the number of links. */
export function badPhotoCount(c: BookingCase): fc.Arbitrary<Labelled<unknown>> {
  const count = Array.isArray(c.body.photoUrls) ? c.body.photoUrls.length : 0;
  return fc.oneof(
    labelled(LABELS.wrongType, notANumber),
    labelled(
      LABELS.badCount,
      fc.oneof(
        badCount,
        fc.integer({ min: 1, max: 20 }).map((k) => count + k),
        fc.integer({ min: 1, max: Math.max(1, count) }).map((k) => Math.max(0, count - k)),
      ),
    ).filter(({ value }) => value !== count),
  );
}

export function badHasVideo(c: BookingCase): fc.Arbitrary<Labelled<unknown>> {
  return fc.oneof(
    labelled(LABELS.wrongType, notABoolean),
    labelled(LABELS.badCount, fc.constant(c.body.hasVideo !== true)),
  );
}

/** A bad videoUrl: wrong type, not a link, or a (real) video sent next to photos. */
export function badVideoUrl(c: BookingCase): fc.Arbitrary<Labelled<unknown>> {
  const ownVideo = `${BASE_URL}/quote-photos/${c.submissionId}/1_1.mp4`;
  return fc.oneof(
    labelled(LABELS.wrongType, notAString),
    labelled(LABELS.badMediaList, fc.constantFrom(...NOT_HTTP_LINKS)),
    ...(c.body.hasVideo === true ? [] : [labelled(LABELS.photosAndVideo, fc.constant(ownVideo))]),
  );
}

/** One bad value for one field of a valid booking, labelled. */
export function badBookingField(
  c: BookingCase,
): fc.Arbitrary<{ field: string; label: string; value: unknown }> {
  const byField: Record<string, fc.Arbitrary<Labelled<unknown>>> = {
    name: badText(LIMITS.name.min, LIMITS.name.max),
    phone: badText(LIMITS.phone.min, LIMITS.phone.max),
    email: badEmail,
    city: badText(LIMITS.city.min, LIMITS.city.max),
    state: badText(LIMITS.state.min, LIMITS.state.max),
    zipCode: badText(LIMITS.zipCode.min, LIMITS.zipCode.max),
    description: badText(LIMITS.description.min, LIMITS.description.max),
    photoUrls: badPhotoUrls(c),
    photoCount: badPhotoCount(c),
    hasVideo: badHasVideo(c),
    submissionId: badSubmissionId,
    videoUrl: badVideoUrl(c),
  };
  return fc.constantFrom(...Object.keys(byField)).chain((field) =>
    (byField[field] ?? labelled(LABELS.wrongType, notAString)).map(({ label, value }) => ({
      field,
      label,
      value,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Media links that parse as links but must still be refused
// ---------------------------------------------------------------------------------------------

export const MEDIA_LABELS = {
  foreign:
    'media link outside the submission’s own folder (other host, other submission, path tricks)',
  missing: 'media link to a file that was never uploaded',
  wrongKind: 'media whose stored type is not an image (photo) / a video (video)',
} as const;

export interface MediaAttack {
  label: string;
  booking: BookingCase;
  /** Objects to place in S3 besides the booking's own (e.g. another submission's photo). */
  extraObjects: MediaObject[];
}

/**
 * Replaces one link of a valid booking by one that is syntactically a link but points outside
 * the submission's folder, at nothing, or at an object of the wrong kind.
 */
export function mediaAttack(c: BookingCase): fc.Arbitrary<MediaAttack> {
  const isVideo = c.body.hasVideo === true;
  return fc
    .tuple(fc.nat({ max: c.media.length - 1 }), fc.uuid(), fc.nat())
    .chain(([position, otherId, pick]) => {
      const target = c.media[position] ?? c.media[0];
      if (target === undefined) throw new Error('a valid booking has media');
      const fileName = target.key.slice(target.key.lastIndexOf('/') + 1);
      const stem = fileName.slice(0, fileName.lastIndexOf('.'));
      const id = c.submissionId;
      const other = otherId === id ? '00000000-0000-4000-8000-000000000000' : otherId;
      const otherObject = mediaObject(
        other,
        1,
        1,
        target.contentType,
        fileName.split('.')[1] ?? 'jpg',
      );
      const folder = `${BASE_URL}/quote-photos/${id}`;
      const foreign = [
        `https://evil.example/quote-photos/${id}/${fileName}`,
        `http://www.example.com/quote-photos/${id}/${fileName}`,
        `https://www.example.com.evil.example/quote-photos/${id}/${fileName}`,
        `https://www.example.com@evil.example/quote-photos/${id}/${fileName}`,
        `https://WWW.EXAMPLE.COM/quote-photos/${id}/${fileName}`,
        `https://www.example.com:443/quote-photos/${id}/${fileName}`,
        `${BASE_URL}//quote-photos/${id}/${fileName}`,
        `${BASE_URL}/quote-photos/${id.toUpperCase()}/${fileName}`,
        otherObject.url,
        `${folder}/../${other}/1_1.${fileName.split('.')[1] ?? 'jpg'}`,
        `${folder}/%2e%2e/${other}/1_1.${fileName.split('.')[1] ?? 'jpg'}`,
        `${folder}/sub/${fileName}`,
        `${folder}/${fileName}?versionId=1`,
        `${folder}/${fileName}#x`,
        `${folder}/${fileName}/`,
        `${folder}/${fileName}.html`,
        `${folder}/${stem}.JPG`,
        `${folder}/${stem.replace(/_\d+$/, '_100')}.jpg`,
        `${BASE_URL}/leads/2025/11/${id}.json`,
        `${BASE_URL}/quote-photos/${id}`,
        // An id of digits only reads the same in upper case: that spelling is the file's own link.
      ].filter((url) => url !== target.url);
      // Index 0 is never generated for an upload, so this file never exists.
      const missingName = `${pick % 1_000_000}_0.${isVideo ? 'mp4' : 'jpg'}`;
      const wrongTypes = isVideo
        ? ['image/jpeg', 'text/html', 'application/octet-stream', '']
        : ['video/mp4', 'text/html', 'application/octet-stream', 'application/json', ''];

      // Every uploaded object stays in place, the replaced one included: a handler that looked
      // only at the file name would find it and accept the link.
      const replace = (url: string): BookingCase => {
        const body = isVideo
          ? { ...c.body, videoUrl: url }
          : {
              ...c.body,
              photoUrls: c.media.map((m, i) => (i === position ? url : m.url)),
            };
        return { ...c, body };
      };
      return fc.constantFrom<MediaAttack>(
        {
          label: MEDIA_LABELS.foreign,
          booking: replace(foreign[pick % foreign.length] ?? otherObject.url),
          extraObjects: [otherObject],
        },
        {
          label: MEDIA_LABELS.missing,
          booking: replace(`${folder}/${missingName}`),
          extraObjects: [],
        },
        {
          label: MEDIA_LABELS.wrongKind,
          booking: {
            ...c,
            media: c.media.map((m, i) =>
              i === position
                ? { ...m, contentType: wrongTypes[pick % wrongTypes.length] ?? '' }
                : m,
            ),
          },
          extraObjects: [],
        },
      );
    });
}

// ---------------------------------------------------------------------------------------------
// Hostile upload-URL requests
// ---------------------------------------------------------------------------------------------

/** Content types a photo or video must not be presigned with (looks-alike and injections included). */
const BAD_CONTENT_TYPES = [
  'image/svg+xml',
  'text/html',
  'application/pdf',
  'application/octet-stream',
  'application/x-msdownload',
  'image/jpeg; charset=utf-8',
  'IMAGE/JPEG',
  ' image/jpeg',
  'image/jpeg\r\nx-amz-acl: public-read',
  'image/*',
  'video/x-msvideo',
  '',
] as const;

/** One bad file entry for a request of the given kind, labelled. */
export function badFileEntry(kind: 'photo' | 'video'): fc.Arbitrary<Labelled<unknown>> {
  const goodType = kind === 'photo' ? 'image/jpeg' : 'video/mp4';
  const cap = kind === 'photo' ? LIMITS.photoMaxBytes : LIMITS.videoMaxBytes;
  const otherKindType =
    kind === 'photo' ? fc.constantFrom(...VIDEO_TYPES) : fc.constantFrom(...PHOTO_TYPES);
  return fc.oneof(
    labelled(
      LABELS.badFile,
      fc.oneof(
        // the kind
        fc
          .oneof(fc.constantFrom('Photo', 'image', 'videos', '', 'photo '), notAString)
          .map((k) => ({ kind: k, contentType: goodType, size: 1000 })),
        // the content type: not allowed for this kind, or the other kind's
        fc
          .oneof(fc.constantFrom(...BAD_CONTENT_TYPES), otherKindType)
          .map((contentType) => ({ kind, contentType, size: 1000 })),
        // the size: zero, negative, fractional, a string, over the cap, unsafe
        fc
          .oneof(
            notANumber,
            badCount,
            fc.constant(0),
            fc.integer({ min: cap + 1, max: cap * 10 }),
            fc.constantFrom(2 ** 53, 1e300),
          )
          .map((size) => ({ kind, contentType: goodType, size })),
      ),
    ),
    labelled(LABELS.wrongType, notAString),
    labelled(
      LABELS.loneSurrogate,
      fc.tuple(LONE_SURROGATE, fc.boolean()).map(([s, before]) => ({
        kind,
        contentType: before ? s + goodType : goodType + s,
        size: 1000,
      })),
    ),
  );
}
