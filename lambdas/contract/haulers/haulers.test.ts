import { describe, expect, it } from 'vitest';
import { VALID_HAULER_APPLICATION } from '../../../test/fixtures/hauler';
import { firstMessagePerField } from '#contract/core/fields';
import {
  HAULER_FIELD_HINTS,
  HAULER_FIELD_LABELS,
  HAULER_LIMITS,
  HAULER_MESSAGES,
  insuranceExpiryError,
  pauseUntilError,
} from '#contract/haulers/haulers';
import {
  haulerApplicationRequestSchema,
  haulerDetailsChangeSchema,
  rejectionReasonSchema,
  validateHaulerApplicationFields,
} from '#contract/haulers/hauler-schemas';
import { MESSAGES } from '#contract/core/messages';

const valid = VALID_HAULER_APPLICATION;

/** The request's first message per field, as a 400 would name them. */
function requestErrors(body: unknown): Record<string, string> {
  const result = haulerApplicationRequestSchema.safeParse(body);
  return result.success ? {} : firstMessagePerField(result.error.issues);
}

/** The message for `field` when only it is changed, or undefined when the request is valid. */
function fieldError(field: string, value: unknown): string | undefined {
  const errors = requestErrors({ ...valid, [field]: value });
  expect(Object.keys(errors).filter((key) => key !== field)).toEqual([]);
  return errors[field];
}

const HOSTILE_CHARACTERS = {
  'a line feed': '\n',
  'a carriage return': '\r',
  'a NUL': '\u0000',
  'a right-to-left override': '\u202E',
  'a zero-width space': '\u200B',
  'a line separator': '\u2028',
};

describe('a hauler application', () => {
  it('is accepted as the form sends it, trimmed', () => {
    const parsed = haulerApplicationRequestSchema.parse({
      ...valid,
      businessName: '  Desert Haul LLC ',
      applicationId: valid.applicationId.toUpperCase(),
    });
    expect(parsed.businessName).toBe('Desert Haul LLC');
    expect(parsed.applicationId).toBe(valid.applicationId);
  });

  it('reports every missing field by name with its own message', () => {
    expect(validateHaulerApplicationFields({})).toEqual({
      businessName: HAULER_MESSAGES.businessNameRequired,
      name: MESSAGES.nameTooShort,
      email: MESSAGES.emailInvalid,
      phone: MESSAGES.phoneInvalid,
      baseZipCode: MESSAGES.zipCodeInvalid,
      serviceRadiusMiles: HAULER_MESSAGES.radiusInvalid,
      truck: HAULER_MESSAGES.truckInvalid,
      insuranceCertificate: HAULER_MESSAGES.certificateRequired,
      agreement: HAULER_MESSAGES.agreementRequired,
    });
  });

  it('answers a body that is not an object with every field, never a throw', () => {
    expect(Object.keys(validateHaulerApplicationFields('apply'))).toHaveLength(9);
    expect(haulerApplicationRequestSchema.safeParse([valid]).error?.issues[0]?.message).toBe(
      MESSAGES.bodyNotObject,
    );
  });

  it('refuses unknown keys, naming them', () => {
    expect(requestErrors({ ...valid, status: 'active' })).toEqual({
      status: MESSAGES.unknownFields(['status']),
    });
  });

  it('is refused when the honeypot is filled', () => {
    expect(fieldError('website', 'https://spam.example')).toBe(MESSAGES.honeypotFilled);
    expect(fieldError('website', '')).toBeUndefined();
  });

  it('needs an application id that is a UUID', () => {
    expect(fieldError('applicationId', 'not-a-uuid')).toBe(HAULER_MESSAGES.applicationIdInvalid);
    expect(fieldError('applicationId', undefined)).toBe(HAULER_MESSAGES.applicationIdInvalid);
  });

  describe('business name', () => {
    it('needs 2 to 100 characters after trimming', () => {
      expect(fieldError('businessName', ' A ')).toBe(HAULER_MESSAGES.businessNameRequired);
      expect(fieldError('businessName', 'AB')).toBeUndefined();
      expect(fieldError('businessName', 'a'.repeat(100))).toBeUndefined();
      expect(fieldError('businessName', 'a'.repeat(101))).toBe(HAULER_MESSAGES.businessNameTooLong);
    });

    it('says how long it may be', () => {
      expect(HAULER_MESSAGES.businessNameTooLong).toBe(
        'Business name must be at most 100 characters',
      );
    });
  });

  describe.each([
    ['businessName', HAULER_FIELD_LABELS.businessName],
    ['name', 'Name'],
    ['licenceNumber', HAULER_FIELD_LABELS.licenceNumber],
  ])('%s', (field, label) => {
    it.each(Object.entries(HOSTILE_CHARACTERS))('refuses %s inside it', (_, character) => {
      expect(fieldError(field, `Desert${character}Haul`)).toBe(MESSAGES.invisibleCharacters(label));
    });

    it.each([42, true, null, ['Desert Haul'], { name: 'Desert Haul' }])(
      'refuses %j, which is not text',
      (value) => {
        expect(fieldError(field, value)).toBeDefined();
      },
    );

    it('refuses 100,000 characters with its length message', () => {
      expect(fieldError(field, 'a'.repeat(100_000))).toMatch(/at most \d+ characters/);
    });
  });

  it('reuses the booking’s rules and texts for your name, email, phone and ZIP', () => {
    expect(fieldError('name', 'S')).toBe('Name must be at least 2 characters');
    expect(fieldError('email', 'sam@')).toBe('Please enter a valid email address');
    expect(fieldError('email', 'sam@example.com\r\nBcc: x@example.com')).toBe(
      MESSAGES.emailInvalid,
    );
    expect(fieldError('phone', '555-0188')).toBe('Please enter a valid phone number');
    expect(fieldError('baseZipCode', '8500')).toBe('Please enter a valid zip code');
  });

  it('keeps the five-digit ZIP of a ZIP+4 base', () => {
    const parsed = haulerApplicationRequestSchema.parse({ ...valid, baseZipCode: '85001-1234' });
    expect(parsed.baseZipCode).toBe('85001');
  });

  it.each([10, 25, 50, 100])('accepts a service radius of %i miles', (miles) => {
    expect(fieldError('serviceRadiusMiles', miles)).toBeUndefined();
  });

  it.each([0, 5, 30, 1000, -25, 25.5, '25', null])('refuses a service radius of %j', (miles) => {
    expect(fieldError('serviceRadiusMiles', miles)).toBe(
      'Please choose a service radius of 10, 25, 50 or 100 miles',
    );
  });

  it.each(['pickup-truck', 'box-truck', 'dump-truck', 'trailer'])('accepts a %s', (truck) => {
    expect(fieldError('truck', truck)).toBeUndefined();
  });

  it.each(['van', 'Box truck', '', 3])('refuses the truck %j', (truck) => {
    expect(fieldError('truck', truck)).toBe(HAULER_MESSAGES.truckInvalid);
  });

  describe('licence number', () => {
    it('is optional: absent or left empty', () => {
      expect(fieldError('licenceNumber', undefined)).toBeUndefined();
      expect(fieldError('licenceNumber', '')).toBeUndefined();
    });

    it('says when it is needed', () => {
      expect(HAULER_FIELD_HINTS.licenceNumber).toBe('if your state or city requires one');
    });

    it('is at most 40 characters', () => {
      expect(fieldError('licenceNumber', 'a'.repeat(40))).toBeUndefined();
      expect(fieldError('licenceNumber', 'a'.repeat(41))).toBe(
        HAULER_MESSAGES.licenceNumberTooLong,
      );
    });
  });

  describe('insurance certificate', () => {
    const certificate = (overrides: Record<string, unknown>) => ({
      ...valid.insuranceCertificate,
      ...overrides,
    });

    it.each(['application/pdf', 'image/jpeg', 'image/png'])('accepts a %s', (contentType) => {
      expect(fieldError('insuranceCertificate', certificate({ contentType }))).toBeUndefined();
    });

    it.each(['image/gif', 'image/heic', 'application/x-msdownload', 'text/html', '', 7])(
      'refuses the type %j',
      (contentType) => {
        expect(fieldError('insuranceCertificate', certificate({ contentType }))).toBe(
          HAULER_MESSAGES.certificateType,
        );
      },
    );

    it('accepts 10 MB and refuses a byte more', () => {
      const max = HAULER_LIMITS.certificateMaxBytes;
      expect(max).toBe(10 * 1024 * 1024);
      expect(fieldError('insuranceCertificate', certificate({ size: max }))).toBeUndefined();
      expect(fieldError('insuranceCertificate', certificate({ size: max + 1 }))).toBe(
        'The insurance certificate must be at most 10 MB',
      );
    });

    it('refuses an empty file and a size that is not a whole number', () => {
      expect(fieldError('insuranceCertificate', certificate({ size: 0 }))).toBe(
        HAULER_MESSAGES.certificateEmpty,
      );
      expect(fieldError('insuranceCertificate', certificate({ size: 1.5 }))).toBe(
        MESSAGES.fileSizeInvalid,
      );
      expect(fieldError('insuranceCertificate', certificate({ size: '480000' }))).toBe(
        MESSAGES.fileSizeInvalid,
      );
    });

    it('is required, as an object with its type and size only', () => {
      expect(fieldError('insuranceCertificate', undefined)).toBe(
        HAULER_MESSAGES.certificateRequired,
      );
      expect(fieldError('insuranceCertificate', 'certificate.pdf')).toBe(
        HAULER_MESSAGES.certificateRequired,
      );
      expect(fieldError('insuranceCertificate', certificate({ url: 'https://x.example' }))).toBe(
        MESSAGES.unknownFields(['url']),
      );
    });
  });

  it.each([false, 'true', 1, undefined])('needs the agreement ticked, not %j', (agreement) => {
    expect(fieldError('agreement', agreement)).toBe(HAULER_MESSAGES.agreementRequired);
  });
});

describe('what operations and the hauler send later', () => {
  const TODAY = '2026-11-24';

  it('approves a certificate that expires after today and within three years', () => {
    expect(insuranceExpiryError('2026-11-25', TODAY)).toBeUndefined();
    expect(insuranceExpiryError('2029-11-24', TODAY)).toBeUndefined();
    expect(insuranceExpiryError(TODAY, TODAY)).toBe(HAULER_MESSAGES.insuranceExpired);
    expect(insuranceExpiryError('2030-11-24', TODAY)).toBe(HAULER_MESSAGES.insuranceExpiryTooFar);
    expect(insuranceExpiryError('2027-02-30', TODAY)).toBe(HAULER_MESSAGES.insuranceExpiryInvalid);
    expect(insuranceExpiryError('11/25/2027', TODAY)).toBe(HAULER_MESSAGES.insuranceExpiryInvalid);
  });

  it('pauses until a day after today and at most 180 days ahead', () => {
    expect(pauseUntilError('2026-11-25', TODAY)).toBeUndefined();
    expect(pauseUntilError('2027-05-23', TODAY)).toBeUndefined();
    expect(pauseUntilError(TODAY, TODAY)).toBe(HAULER_MESSAGES.pauseUntilPast);
    expect(pauseUntilError('2027-05-24', TODAY)).toBe(HAULER_MESSAGES.pauseUntilTooFar);
    expect(pauseUntilError('soon', TODAY)).toBe(HAULER_MESSAGES.pauseUntilInvalid);
  });

  it('rejects with a reason of 2 to 500 characters, line breaks allowed, controls not', () => {
    const reason = (value: unknown) =>
      rejectionReasonSchema.safeParse(value).error?.issues[0]?.message;
    expect(reason('The certificate is not readable.\nPlease send a scan.')).toBeUndefined();
    expect(reason(' ')).toBe(HAULER_MESSAGES.rejectionReasonRequired);
    expect(reason('a'.repeat(501))).toBe(HAULER_MESSAGES.rejectionReasonTooLong);
    expect(reason('Bad\u202Ereason')).toBe(MESSAGES.invisibleCharacters('Reason'));
  });

  it('lets the hauler change the radius or phone, at least one, and nothing else', () => {
    const errors = (body: unknown) => {
      const result = haulerDetailsChangeSchema.safeParse(body);
      return result.success ? {} : firstMessagePerField(result.error.issues);
    };
    expect(errors({ serviceRadiusMiles: 50 })).toEqual({});
    expect(errors({ phone: '602-555-0199' })).toEqual({});
    expect(haulerDetailsChangeSchema.safeParse({}).error?.issues[0]?.message).toBe(
      HAULER_MESSAGES.nothingToChange,
    );
    expect(errors({ serviceRadiusMiles: 75 })).toEqual({
      serviceRadiusMiles: HAULER_MESSAGES.radiusInvalid,
    });
    expect(errors({ phone: '602-555-0199', baseZipCode: '10001' })).toEqual({
      baseZipCode: MESSAGES.unknownFields(['baseZipCode']),
    });
  });
});
