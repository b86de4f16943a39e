import { describe, expect, it, vi } from 'vitest';
import { UploadError } from '../../../shared/api/put-file';
import { SubmissionError, type SubmitDeps, submitQuote } from './submit-quote';
import { API_PATHS as API } from '#contract/core/api';
import { MESSAGES } from '#contract/core/messages';

const fields = {
  name: 'Dana',
  phone: '2055550147',
  email: 'dana@example.com',
  city: 'Mobile',
  state: 'Alabama',
  zipCode: '36601',
  description: 'A couch and boxes',
};
const submissionId = '6f1d2b9c-1a2b-4c3d-8e9f-0a1b2c3d4e5f';

const photo = (name: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fake backend: answers upload-urls with one URL per file, and the booking call as told. */
function fakeFetch(
  booking: () => Response = () => jsonResponse(200, { ok: true, reference: 'ABC' }),
) {
  return vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { files?: { kind: string }[] };
    if (url === API.uploadUrls) {
      return jsonResponse(200, {
        uploads: body.files!.map((_, i) => ({
          index: i + 1,
          key: `quote-photos/${submissionId}/1_${i + 1}.jpg`,
          url: `http://s3.test/put/${i + 1}`,
          headers: { 'Content-Type': 'image/jpeg' },
          publicUrl: `http://site.test/quote-photos/${submissionId}/1_${i + 1}.jpg`,
        })),
      });
    }
    return booking();
  });
}

function deps(overrides: Partial<SubmitDeps> = {}): SubmitDeps {
  return {
    fetch: fakeFetch() as unknown as typeof fetch,
    preparePhoto: async (file) => file,
    putFile: async () => undefined,
    uploaded: new Map(),
    ...overrides,
  };
}

const submission = (photos: File[], video: File | null = null) => ({
  fields,
  photos,
  video,
  submissionId,
  honeypot: '',
});

describe('submitQuote', () => {
  it('uploads every photo, then books with their public URLs and returns the reference', async () => {
    const fetch = fakeFetch();
    const putFile = vi.fn(async () => undefined);
    const result = await submitQuote(
      submission([photo('a.jpg'), photo('b.jpg')]),
      deps({ fetch: fetch as unknown as typeof globalThis.fetch, putFile }),
    );
    expect(result).toEqual({ reference: 'ABC' });
    expect(putFile).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe(API.sendBookingEmails);
    expect(JSON.parse(String(init?.body))).toEqual({
      ...fields,
      photoUrls: [
        `http://site.test/quote-photos/${submissionId}/1_1.jpg`,
        `http://site.test/quote-photos/${submissionId}/1_2.jpg`,
      ],
      photoCount: 2,
      hasVideo: false,
      submissionId,
    });
  });

  it('signs each POST body with its SHA-256 for CloudFront origin access control', async () => {
    const fetch = fakeFetch();
    await submitQuote(
      submission([photo('a.jpg'), photo('b.jpg')]),
      deps({ fetch: fetch as unknown as typeof globalThis.fetch }),
    );
    for (const [, init] of fetch.mock.calls) {
      const body = new TextEncoder().encode(String(init?.body));
      const digest = await crypto.subtle.digest('SHA-256', body);
      const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
      expect((init?.headers as Record<string, string>)['x-amz-content-sha256']).toBe(hex);
    }
  });

  it('declares the prepared (downscaled) size and type, not the original', async () => {
    const fetch = fakeFetch();
    const small = new Blob([new Uint8Array(10)], { type: 'image/jpeg' });
    await submitQuote(
      submission([photo('big.png', 5000), photo('b.jpg')]),
      deps({ fetch: fetch as unknown as typeof globalThis.fetch, preparePhoto: async () => small }),
    );
    const request = JSON.parse(String(fetch.mock.calls[0]![1]?.body)) as {
      files: { size: number; contentType: string }[];
    };
    expect(request.files).toEqual([
      { kind: 'photo', contentType: 'image/jpeg', size: 10 },
      { kind: 'photo', contentType: 'image/jpeg', size: 10 },
    ]);
  });

  it("stops at a failed upload with 'Failed to upload photo {n}: {reason}' and never books", async () => {
    const fetch = fakeFetch();
    const putFile = vi.fn(async (url: string) => {
      if (url.endsWith('/2')) throw new UploadError('the connection was lost');
    });
    await expect(
      submitQuote(
        submission([photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]),
        deps({ fetch: fetch as unknown as typeof globalThis.fetch, putFile }),
      ),
    ).rejects.toThrow(new SubmissionError('Failed to upload photo 2: the connection was lost'));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([API.uploadUrls]);
  });

  it("shows the server's message when the booking call fails, in either error shape", async () => {
    for (const body of [{ error: 'Plain message' }, { error: { message: 'Plain message' } }]) {
      await expect(
        submitQuote(
          submission([photo('a.jpg'), photo('b.jpg')]),
          deps({ fetch: fakeFetch(() => jsonResponse(502, body)) as unknown as typeof fetch }),
        ),
      ).rejects.toThrow('Plain message');
    }
  });

  it("falls back to the spec's text when the server gives no message or the network fails", async () => {
    await expect(
      submitQuote(
        submission([photo('a.jpg'), photo('b.jpg')]),
        deps({
          fetch: fakeFetch(() => new Response('oops', { status: 500 })) as unknown as typeof fetch,
        }),
      ),
    ).rejects.toThrow(MESSAGES.submitFailed);
    await expect(
      submitQuote(
        submission([photo('a.jpg'), photo('b.jpg')]),
        deps({
          fetch: vi.fn(async () => {
            throw new TypeError('Failed to fetch');
          }) as unknown as typeof fetch,
        }),
      ),
    ).rejects.toThrow(MESSAGES.submitFailed);
  });

  it('does not upload again on Try Again what an earlier attempt already uploaded', async () => {
    const files = [photo('a.jpg'), photo('b.jpg')];
    const uploaded = new Map<File, string>();
    const putFile = vi.fn(async () => undefined);
    let bookings = 0;
    const fetch = fakeFetch(() =>
      ++bookings === 1
        ? jsonResponse(502, { error: { message: 'Try later' } })
        : jsonResponse(200, { ok: true, reference: 'ABC' }),
    );
    const common = { fetch: fetch as unknown as typeof globalThis.fetch, putFile, uploaded };
    await expect(submitQuote(submission(files), deps(common))).rejects.toThrow('Try later');
    await submitQuote(submission(files), deps(common));
    expect(putFile).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      API.uploadUrls,
      API.sendBookingEmails,
      API.sendBookingEmails,
    ]);
  });

  it('sends a video alone, with videoUrl and hasVideo', async () => {
    const fetch = fakeFetch();
    const video = new File([new Uint8Array(50)], 'clip.mp4', { type: 'video/mp4' });
    await submitQuote(
      submission([], video),
      deps({ fetch: fetch as unknown as typeof globalThis.fetch }),
    );
    const request = JSON.parse(String(fetch.mock.calls[0]![1]?.body)) as { files: unknown[] };
    expect(request.files).toEqual([{ kind: 'video', contentType: 'video/mp4', size: 50 }]);
    const booking = JSON.parse(String(fetch.mock.calls[1]![1]?.body)) as Record<string, unknown>;
    expect(booking).toMatchObject({ photoUrls: [], photoCount: 0, hasVideo: true });
    expect(booking.videoUrl).toMatch(/1_1\.jpg$/);
  });

  it('reports progress through preparing, uploading and sending', async () => {
    const phases: string[] = [];
    await submitQuote(
      submission([photo('a.jpg'), photo('b.jpg')]),
      deps({ onProgress: (p) => phases.push(p.phase) }),
    );
    expect(phases[0]).toBe('preparing');
    expect(phases).toContain('uploading');
    expect(phases.at(-1)).toBe('sending');
  });
});
