import { describe, expect, it } from 'vitest';
import { uploadHeaders } from './create-upload-urls';
import { UPLOAD_HEADER_NAMES } from '#contract/booking/upload-urls';

describe('UPLOAD_HEADER_NAMES', () => {
  it('names exactly the headers create-upload-urls tells the browser to send', () => {
    const sent = Object.keys(uploadHeaders('image/jpeg')).map((name) => name.toLowerCase());
    expect([...sent].sort()).toEqual([...UPLOAD_HEADER_NAMES].sort());
  });
});
