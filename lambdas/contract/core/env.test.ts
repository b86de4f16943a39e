import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from './api';
import { DEFAULT_CONFIRMATION_DAILY_CAP, ENV, FUNCTION_ENV, environmentOf, readEnv } from './env';
import { OFFER_DEFAULTS } from '../loop/offers';
import { DEFAULT_LEAD_RETENTION_DAYS } from './table-keys';

const BOOKING = {
  BUCKET_NAME: 'quote-photos-bucket',
  LEADS_TABLE: 'leads',
  PUBLIC_BASE_URL: 'https://www.example.com',
  SENDER_ADDRESS: 'quotes@example.com',
  OPERATIONS_ADDRESS: 'operations@example.com',
  PAYMENTS: 'off',
};

describe('readEnv', () => {
  it('reads every variable of a function, trimmed, with the defaults for the unset ones', () => {
    const env = readEnv('send-booking-emails', {
      ...BOOKING,
      LEADS_TABLE: ' leads ',
      SES_CONFIGURATION_SET: '',
      LEADS_ARCHIVE_KMS_KEY_ID: 'arn:aws:kms:us-east-1:123456789012:key/abc',
    });
    expect(env).toMatchObject({
      bucketName: 'quote-photos-bucket',
      leadsTable: 'leads',
      confirmationDailyCap: DEFAULT_CONFIRMATION_DAILY_CAP,
      leadRetentionDays: DEFAULT_LEAD_RETENTION_DAYS,
      confirmationConfigurationSet: undefined,
      archiveKmsKeyId: 'arn:aws:kms:us-east-1:123456789012:key/abc',
      s3ForcePathStyle: false,
    });
  });

  it('reads the daily cap as a number', () => {
    expect(
      readEnv('send-booking-emails', { ...BOOKING, CONFIRMATION_DAILY_CAP: ' 20 ' })
        .confirmationDailyCap,
    ).toBe(20);
  });

  it.each(['', ' '])('names a missing variable (%j counts as missing)', (blank) => {
    expect(() => readEnv('send-booking-emails', { ...BOOKING, LEADS_TABLE: blank })).toThrow(
      'LEADS_TABLE is missing',
    );
    const { LEADS_TABLE: _, ...withoutTable } = BOOKING;
    expect(() => readEnv('send-booking-emails', withoutTable)).toThrow('LEADS_TABLE is missing');
  });

  it.each(['many', '0', '-3', '1.5', '2e3'])(
    'names a daily cap that is not a whole number of at least 1 (%j)',
    (cap) => {
      expect(() =>
        readEnv('send-booking-emails', { ...BOOKING, CONFIRMATION_DAILY_CAP: cap }),
      ).toThrow('CONFIRMATION_DAILY_CAP must be a whole number ≥ 1');
    },
  );

  it('names a retention that is not a whole number of days', () => {
    expect(() =>
      readEnv('send-booking-emails', { ...BOOKING, LEAD_RETENTION_DAYS: 'forever' }),
    ).toThrow('LEAD_RETENTION_DAYS must be a whole number ≥ 1');
  });

  it('takes an address with a display name', () => {
    const sender = 'Bulk Trash Pickup <quotes@example.com>';
    expect(
      readEnv('send-booking-emails', { ...BOOKING, SENDER_ADDRESS: sender }).senderAddress,
    ).toBe(sender);
    expect(() =>
      readEnv('send-booking-emails', { ...BOOKING, SENDER_ADDRESS: 'Bulk <quotes@example.com' }),
    ).toThrow('SENDER_ADDRESS must be an email address');
  });

  it('names a wrong address and a base URL that is not an origin', () => {
    expect(() =>
      readEnv('send-booking-emails', { ...BOOKING, SENDER_ADDRESS: 'quotes at example.com' }),
    ).toThrow('SENDER_ADDRESS must be an email address');
    expect(() =>
      readEnv('update-lead', {
        ...BOOKING,
        PUBLIC_BASE_URL: 'https://www.example.com/quote',
        LINK_SECRET: 'x'.repeat(32),
      }),
    ).toThrow('PUBLIC_BASE_URL must be an origin like https://example.com');
  });

  it('names every problem at once, with the function', () => {
    expect(() => readEnv('create-upload-urls', {})).toThrow(
      'create-upload-urls: BUCKET_NAME is missing; PUBLIC_BASE_URL is missing; LEADS_TABLE is missing',
    );
  });

  it('requires a link secret of the quote loop functions, and not of the booking', () => {
    for (const name of ['read-lead', 'update-lead'] as const) {
      expect(() => readEnv(name, BOOKING)).toThrow(
        `${name}: LINK_SECRET_ARN is missing (locally LINK_SECRET)`,
      );
      expect(readEnv(name, { ...BOOKING, LINK_SECRET_ARN: 'arn' }).linkSecretArn).toBe('arn');
    }
    expect(readEnv('send-booking-emails', BOOKING).linkSecretArn).toBeUndefined();
  });
});

describe('the offer job', () => {
  const OFFERS = { ...BOOKING, LINK_SECRET: 'x'.repeat(32) };

  it('reads its settings, with the contract defaults for the unset ones, and minutes in decimals', () => {
    const env = readEnv('hauler-offers', {
      ...OFFERS,
      OFFER_ROUND_MINUTES: '0.05',
      OFFER_HOURS: ' 1.5 ',
      HAULER_DAILY_OFFERS: '7',
    });
    expect(env).toMatchObject({
      offerBatchSize: OFFER_DEFAULTS.batchSize,
      offerRoundMinutes: 0.05,
      offerHours: 1.5,
      offerEscalationMinutes: OFFER_DEFAULTS.escalationMinutes,
      haulerDailyOffers: 7,
    });
  });

  it.each([
    ['OFFER_ROUND_MINUTES', '0', 'must be a number > 0'],
    ['OFFER_ESCALATION_MINUTES', 'soon', 'must be a number > 0'],
    ['OFFER_HOURS', '-1', 'must be a number > 0'],
    ['OFFER_BATCH_SIZE', '2.5', 'must be a whole number ≥ 1'],
    ['HAULER_DAILY_OFFERS', '0', 'must be a whole number ≥ 1'],
  ])('names %s when it is %j', (name, value, message) => {
    expect(() => readEnv('hauler-offers', { ...OFFERS, [name]: value })).toThrow(
      `${name} ${message}`,
    );
  });
});

describe('environmentOf', () => {
  it('writes values under their variable names and leaves the unset ones out', () => {
    expect(
      environmentOf({ leadsTable: 'leads', publicBaseUrl: undefined, confirmationDailyCap: '9' }),
    ).toEqual({ LEADS_TABLE: 'leads', CONFIRMATION_DAILY_CAP: '9' });
  });
});

describe('the schemas', () => {
  it('cover every function', () => {
    expect(Object.keys(FUNCTION_ENV).sort()).toEqual([...FUNCTION_NAMES].sort());
  });

  it('read only variables that have a name', () => {
    for (const schema of Object.values(FUNCTION_ENV)) {
      for (const key of Object.keys(schema.shape)) expect(ENV).toHaveProperty(key);
    }
  });
});
