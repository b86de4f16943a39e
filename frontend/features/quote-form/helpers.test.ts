import { describe, expect, it } from 'vitest';
import { clearDraft, emptyDraft, loadDraft, saveDraft } from './draft/draft-storage';
import { MAX_PHOTO_EDGE_PX, scaledSize } from './media/prepare-photo';
import { uploadFailureReason } from '../../shared/api/put-file';

describe('scaledSize', () => {
  it('scales a 12-megapixel photo to 1280 px on its long side, keeping the aspect ratio', () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1280, height: 960 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 960, height: 1280 });
  });

  it('leaves a photo at or under the limit alone', () => {
    expect(scaledSize(MAX_PHOTO_EDGE_PX, 1000)).toEqual({ width: 1280, height: 1000 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('uploadFailureReason', () => {
  it("reads S3's own explanation from its XML error", () => {
    expect(
      uploadFailureReason(
        403,
        '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
      ),
    ).toBe('Request has expired (HTTP 403)');
  });

  it('names a lost connection and an existing file plainly', () => {
    expect(uploadFailureReason(0, '')).toBe('the connection was lost');
    expect(uploadFailureReason(412, '')).toBe('a file with the same name already exists');
    expect(uploadFailureReason(500, 'not xml')).toBe('the server answered HTTP 500');
  });
});

describe('the draft kept across a reload', () => {
  it('round-trips the text fields and is gone once cleared', () => {
    const draft = { ...emptyDraft(), name: 'Dana', zipCode: '36601' };
    saveDraft(draft, sessionStorage);
    expect(loadDraft(sessionStorage)).toEqual(draft);
    clearDraft(sessionStorage);
    expect(loadDraft(sessionStorage)).toBeNull();
  });

  it('ignores a corrupt or foreign stored value', () => {
    sessionStorage.setItem('quote-form-draft', '{not json');
    expect(loadDraft(sessionStorage)).toBeNull();
    sessionStorage.setItem('quote-form-draft', JSON.stringify({ name: 42, email: 'a@b.co' }));
    expect(loadDraft(sessionStorage)).toEqual({ ...emptyDraft(), email: 'a@b.co' });
  });

  it('keeps the load size and pickup choices, and drops values the form does not offer', () => {
    const draft = {
      ...emptyDraft(),
      loadSize: 'half',
      pickupDay: 'date',
      pickupDate: '2026-11-30',
      pickupWindow: 'morning',
    } as const;
    saveDraft(draft, sessionStorage);
    expect(loadDraft(sessionStorage)).toEqual(draft);
    sessionStorage.setItem(
      'quote-form-draft',
      JSON.stringify({ loadSize: 'huge', pickupDay: 'never', pickupWindow: 'night' }),
    );
    expect(loadDraft(sessionStorage)).toEqual(emptyDraft());
    // Nothing typed and the default choices: nothing is kept.
    saveDraft(emptyDraft(), sessionStorage);
    expect(sessionStorage.getItem('quote-form-draft')).toBeNull();
  });
});
