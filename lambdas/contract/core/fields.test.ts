import { describe, expect, it } from 'vitest';
import { validateHomeownerFields } from '#contract/core/fields';
import { VALID_REQUEST_FIELDS } from '../../../test/fixtures/homeowner';
import { firstMessagePerField, homeownerFieldsSchema } from '#contract/core/fields';
import { MESSAGES } from '#contract/core/messages';

const validFields = VALID_REQUEST_FIELDS;

/** The first message for `field`, or undefined when the field is valid. */
function fieldError(field: string, value: unknown): string | undefined {
  const errors: Record<string, string | undefined> = validateHomeownerFields({
    ...validFields,
    [field]: value,
  });
  return errors[field];
}

describe('the spec texts', () => {
  it('are copied letter for letter from the spec', () => {
    expect(MESSAGES.nameTooShort).toBe('Name must be at least 2 characters');
    expect(MESSAGES.phoneInvalid).toBe('Please enter a valid phone number');
    expect(MESSAGES.emailInvalid).toBe('Please enter a valid email address');
    expect(MESSAGES.cityRequired).toBe('Please enter your city');
    expect(MESSAGES.stateRequired).toBe('Please enter your state');
    expect(MESSAGES.zipCodeInvalid).toBe('Please enter a valid zip code');
    expect(MESSAGES.descriptionTooShort).toBe('Please provide more details about your trash');
    expect(MESSAGES.tooManyPhotos).toBe('You can upload a maximum of 10 photos');
    expect(MESSAGES.videoTooLong).toBe('Video must be 30 seconds or less');
    expect(MESSAGES.mediaRequired).toBe('Please upload at least 2 photos or a video');
    expect(MESSAGES.submitFailed).toBe("We couldn't submit your request. Please try again.");
    expect(MESSAGES.unexpected).toBe('Something went wrong. Please try again.');
    expect(MESSAGES.successTitle).toBe('Quote Request Submitted');
    expect(MESSAGES.failureTitle).toBe('Submission Failed');
    expect(MESSAGES.successButton).toBe('Got it');
    expect(MESSAGES.failureButton).toBe('Try Again');
  });

  it('keep the typographic apostrophe in the success text', () => {
    expect(MESSAGES.successText).toBe(
      'Check your email for confirmation. We\u2019ll connect you with a local hauler shortly.',
    );
  });

  it('format the photo upload failure with its position and reason', () => {
    expect(MESSAGES.uploadFailed(3, 'Network error')).toBe(
      'Failed to upload photo 3: Network error',
    );
  });

  it('word the video upload failure like the photo one', () => {
    expect(MESSAGES.videoUploadFailed('Network error')).toBe(
      'Failed to upload the video: Network error',
    );
  });

  it('give each field a specific maximum-length message', () => {
    expect(MESSAGES.nameTooLong).toBe('Name must be at most 100 characters');
    expect(MESSAGES.phoneTooLong).toBe('Phone number must be at most 20 characters');
    expect(MESSAGES.emailTooLong).toBe('Email must be at most 255 characters');
    expect(MESSAGES.cityTooLong).toBe('City must be at most 100 characters');
    expect(MESSAGES.stateTooLong).toBe('State must be at most 50 characters');
    expect(MESSAGES.zipCodeTooLong).toBe('Zip code must be at most 10 characters');
    expect(MESSAGES.descriptionTooLong).toBe('Description must be at most 1000 characters');
  });
});

describe('validateHomeownerFields', () => {
  it('returns no errors for a complete, valid form', () => {
    expect(validateHomeownerFields(validFields)).toEqual({});
  });

  it('ignores form values that are not text fields, such as the selected files', () => {
    expect(validateHomeownerFields({ ...validFields, photos: [{}, {}], video: null })).toEqual({});
  });

  it('reports every empty field with its own spec message', () => {
    expect(validateHomeownerFields({})).toEqual({
      name: MESSAGES.nameTooShort,
      phone: MESSAGES.phoneInvalid,
      email: MESSAGES.emailInvalid,
      city: MESSAGES.cityRequired,
      state: MESSAGES.stateRequired,
      zipCode: MESSAGES.zipCodeInvalid,
      description: MESSAGES.descriptionTooShort,
    });
  });

  it.each([undefined, null, 42, {}, ['Jane']])(
    'answers a missing or non-string name (%j) with the field message, not zod’s',
    (value) => {
      expect(fieldError('name', value)).toBe(MESSAGES.nameTooShort);
    },
  );

  it('accepts a non-object without throwing and reports every field', () => {
    expect(Object.keys(validateHomeownerFields(null))).toHaveLength(7);
  });

  describe('name', () => {
    it('rejects 1 character and accepts 2', () => {
      expect(fieldError('name', 'J')).toBe(MESSAGES.nameTooShort);
      expect(fieldError('name', 'Jo')).toBeUndefined();
    });

    it('counts characters after trimming', () => {
      expect(fieldError('name', '  J  ')).toBe(MESSAGES.nameTooShort);
      expect(fieldError('name', '   ')).toBe(MESSAGES.nameTooShort);
    });

    it('accepts 100 characters and rejects 101', () => {
      expect(fieldError('name', 'a'.repeat(100))).toBeUndefined();
      expect(fieldError('name', 'a'.repeat(101))).toBe(MESSAGES.nameTooLong);
    });
  });

  describe('phone', () => {
    it.each([
      '(602) 555-0134',
      '602.555.0134',
      '602-555-0134',
      '+1 (602) 555-0134',
      '+16025550134',
      '16025550134',
      '6025550134',
      '  602 555 0134  ',
      '602555013412345',
    ])('accepts %j: 10 to 15 digits once separators and a leading +1 are removed', (phone) => {
      expect(fieldError('phone', phone)).toBeUndefined();
    });

    it.each([
      '602555013',
      '+1 602 555 013',
      '6025550134123456',
      '+44 20 7946 0958',
      '602-555-0134 x1',
      '602/555/0134',
      'phone: 6025550134',
      '602\u0000555\u00000134',
      '602\n555\n0134',
      '',
    ])('rejects %j with the spec message', (phone) => {
      expect(fieldError('phone', phone)).toBe(MESSAGES.phoneInvalid);
    });

    it('accepts 20 characters and rejects 21', () => {
      expect(fieldError('phone', '1 (602) 555-0134-567')).toBeUndefined();
      expect(fieldError('phone', '1 (602) 555-0134-5678')).toBe(MESSAGES.phoneTooLong);
    });
  });

  describe('email', () => {
    it.each(['jane@example.com', 'jane.doe+quotes@mail.example.co', '  jane@example.com  '])(
      'accepts %j',
      (email) => {
        expect(fieldError('email', email)).toBeUndefined();
      },
    );

    it.each(['', 'jane', 'jane@', '@example.com', 'jane@example', 'jane doe@example.com', 'a@b.c'])(
      'rejects %j',
      (email) => {
        expect(fieldError('email', email)).toBe(MESSAGES.emailInvalid);
      },
    );

    it('accepts 255 characters and rejects 256', () => {
      const address = (length: number) =>
        `${'a'.repeat(length - '@example.com'.length)}@example.com`;
      expect(fieldError('email', address(255))).toBeUndefined();
      expect(fieldError('email', address(256))).toBe(MESSAGES.emailTooLong);
    });
  });

  describe('city', () => {
    it('rejects 1 character and accepts 2', () => {
      expect(fieldError('city', 'A')).toBe(MESSAGES.cityRequired);
      expect(fieldError('city', 'Ab')).toBeUndefined();
    });

    it('accepts 100 characters and rejects 101', () => {
      expect(fieldError('city', 'a'.repeat(100))).toBeUndefined();
      expect(fieldError('city', 'a'.repeat(101))).toBe(MESSAGES.cityTooLong);
    });
  });

  describe('state', () => {
    it('rejects 1 character and accepts 2', () => {
      expect(fieldError('state', 'A')).toBe(MESSAGES.stateRequired);
      expect(fieldError('state', 'AZ')).toBeUndefined();
    });

    it('accepts 50 characters and rejects 51', () => {
      expect(fieldError('state', 'a'.repeat(50))).toBeUndefined();
      expect(fieldError('state', 'a'.repeat(51))).toBe(MESSAGES.stateTooLong);
    });
  });

  describe('zip code', () => {
    it('rejects 4 characters and accepts 5', () => {
      expect(fieldError('zipCode', '8500')).toBe(MESSAGES.zipCodeInvalid);
      expect(fieldError('zipCode', '85001')).toBeUndefined();
    });

    it('accepts 10 characters and rejects 11', () => {
      expect(fieldError('zipCode', '85001-1234')).toBeUndefined();
      expect(fieldError('zipCode', '85001-12345')).toBe(MESSAGES.zipCodeTooLong);
    });

    it.each(['abcde', '8500a', '85001-', '85001-123', '85001 1234', '850011234', '８５００１'])(
      'rejects %j: five digits, optionally a dash and four more',
      (zip) => {
        expect(fieldError('zipCode', zip)).toBe(MESSAGES.zipCodeInvalid);
      },
    );
  });

  describe('description', () => {
    it('rejects 9 characters and accepts 10', () => {
      expect(fieldError('description', 'a'.repeat(9))).toBe(MESSAGES.descriptionTooShort);
      expect(fieldError('description', 'a'.repeat(10))).toBeUndefined();
    });

    it('accepts 1000 characters and rejects 1001', () => {
      expect(fieldError('description', 'a'.repeat(1000))).toBeUndefined();
      expect(fieldError('description', 'a'.repeat(1001))).toBe(MESSAGES.descriptionTooLong);
    });
  });

  it('hands back trimmed values when parsed', () => {
    const parsed = homeownerFieldsSchema.parse({
      ...validFields,
      name: '  Jane Doe  ',
      zipCode: ' 85001 ',
    });
    expect(parsed.name).toBe('Jane Doe');
    expect(parsed.zipCode).toBe('85001');
  });
});

describe('firstMessagePerField', () => {
  it('names a field called __proto__ or constructor like any other, as an own property', () => {
    const fields = firstMessagePerField([
      { code: 'custom', path: ['__proto__'], message: 'first' },
      { code: 'custom', path: ['__proto__'], message: 'second' },
      { code: 'unrecognized_keys', path: [], message: 'x', keys: ['constructor', 'toString'] },
    ]);
    expect(Object.keys(fields)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(fields))).toEqual(
      JSON.parse(
        '{"__proto__":"first","constructor":"Unknown field: constructor","toString":"Unknown field: toString"}',
      ),
    );
  });
});
