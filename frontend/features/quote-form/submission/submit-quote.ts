import { UploadError } from '../../../shared/api/put-file';
import { API_PATHS } from '#contract/core/api';
import { bookingResponseSchema } from '#contract/booking/booking';
import type { BookingRequestInput } from '#contract/booking/booking';
import type { HomeownerFields } from '#contract/core/fields';
import { MESSAGES } from '#contract/core/messages';
import { callFunction } from '../../../shared/api/call-function';
import { uploadUrlsResponseSchema } from '#contract/booking/upload-urls';
import type { UploadUrlsRequest } from '#contract/booking/upload-urls';

/** How many files go up at once: enough to fill a mobile uplink, few enough to finish each early. */
export const UPLOAD_CONCURRENCY = 3;

/** A failure whose message is meant for the visitor, shown in the toast and the failure dialog. */
export class SubmissionError extends Error {
  override name = 'SubmissionError';
}

export interface SubmitProgress {
  phase: 'preparing' | 'uploading' | 'sending';
  sentBytes: number;
  totalBytes: number;
  filesDone: number;
  filesTotal: number;
}

/** The optional load size and pickup time, as the contract's jobChoicesForRequest makes them. */
export type JobChoices = Pick<
  BookingRequestInput,
  'loadSize' | 'pickupDay' | 'pickupDate' | 'pickupWindow'
>;

export interface QuoteSubmission {
  fields: HomeownerFields;
  choices?: JobChoices;
  photos: readonly File[];
  video: File | null;
  /** Made once per form attempt and kept across 'Try Again', so a retry never books twice. */
  submissionId: string;
  /** The hidden anti-bot field; people leave it empty. */
  honeypot: string;
}

export interface SubmitDeps {
  fetch: typeof fetch;
  preparePhoto: (file: File) => Promise<Blob>;
  putFile: (
    url: string,
    headers: Record<string, string>,
    body: Blob,
    options: { onProgress?: (sentBytes: number) => void; signal?: AbortSignal },
  ) => Promise<void>;
  onProgress?: (progress: SubmitProgress) => void;
  /**
   * Public URLs of files already uploaded in an earlier attempt of this submission, so 'Try Again'
   * after a failed booking call does not send the same megabytes twice. Filled as uploads succeed.
   */
  uploaded: Map<File, string>;
  concurrency?: number;
}

/** The function's answer, or its refusal (or a lost connection) thrown in the form's words. */
async function post(deps: SubmitDeps, path: string, payload: unknown): Promise<unknown> {
  const answer = await callFunction(path, payload, {
    fetchImpl: deps.fetch,
    fallback: MESSAGES.submitFailed,
  });
  if (!answer.ok) throw new SubmissionError(answer.message ?? MESSAGES.submitFailed);
  return answer.body;
}

/** Runs `task` over `items` with at most `limit` in flight; the first failure rejects. */
async function eachLimit<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The quote flow of ARCHITECTURE.md: prepare photos, get presigned URLs, upload a few at a time,
 * then ask the booking function to store the lead and send the emails. Resolves with the
 * booking's reference; rejects with a SubmissionError carrying the message to show.
 */
export async function submitQuote(
  submission: QuoteSubmission,
  deps: SubmitDeps,
): Promise<{ reference: string; requestLink?: string }> {
  const media = submission.video
    ? [{ kind: 'video' as const, file: submission.video, n: 1 }]
    : submission.photos.map((file, i) => ({ kind: 'photo' as const, file, n: i + 1 }));
  const pending = media.filter((item) => !deps.uploaded.has(item.file));

  const progress: SubmitProgress = {
    phase: 'preparing',
    sentBytes: 0,
    totalBytes: 0,
    filesDone: media.length - pending.length,
    filesTotal: media.length,
  };
  const report = () => deps.onProgress?.({ ...progress });
  report();

  const bodies: Blob[] = [];
  await eachLimit(pending, 2, async (item, i) => {
    bodies[i] = item.kind === 'photo' ? await deps.preparePhoto(item.file) : item.file;
  });

  if (pending.length > 0) {
    const request: UploadUrlsRequest = {
      submissionId: submission.submissionId,
      files: pending.map((item, i) => ({
        kind: item.kind,
        contentType: bodies[i]!.type || item.file.type,
        size: bodies[i]!.size,
      })),
    };
    const answer = uploadUrlsResponseSchema.safeParse(
      await post(deps, API_PATHS.uploadUrls, request),
    );
    if (!answer.success || answer.data.uploads.length !== pending.length) {
      throw new SubmissionError(MESSAGES.submitFailed);
    }
    const { uploads } = answer.data;

    progress.phase = 'uploading';
    progress.totalBytes = bodies.reduce((sum, body) => sum + body.size, 0);
    const sent = bodies.map(() => 0);
    const abort = new AbortController();
    report();
    try {
      await eachLimit(pending, deps.concurrency ?? UPLOAD_CONCURRENCY, async (item, i) => {
        const upload = uploads[i]!;
        try {
          await deps.putFile(upload.url, upload.headers, bodies[i]!, {
            signal: abort.signal,
            onProgress: (bytes) => {
              sent[i] = bytes;
              progress.sentBytes = sent.reduce((a, b) => a + b, 0);
              report();
            },
          });
        } catch (error) {
          const reason = error instanceof UploadError ? error.reason : 'the connection was lost';
          throw new SubmissionError(
            item.kind === 'photo'
              ? MESSAGES.uploadFailed(item.n, reason)
              : MESSAGES.videoUploadFailed(reason),
          );
        }
        deps.uploaded.set(item.file, upload.publicUrl);
        progress.filesDone += 1;
        report();
      });
    } catch (error) {
      abort.abort();
      throw error;
    }
  }

  progress.phase = 'sending';
  report();
  const urls = media.map((item) => deps.uploaded.get(item.file)!);
  const booking: BookingRequestInput = {
    ...submission.fields,
    ...submission.choices,
    photoUrls: submission.video ? [] : urls,
    photoCount: submission.video ? 0 : urls.length,
    hasVideo: Boolean(submission.video),
    submissionId: submission.submissionId,
    ...(submission.video ? { videoUrl: urls[0] } : {}),
  };
  // A filled honeypot is sent as is: the server answers bots without storing anything.
  const payload = submission.honeypot ? { ...booking, website: submission.honeypot } : booking;
  const result = bookingResponseSchema.safeParse(
    await post(deps, API_PATHS.sendBookingEmails, payload),
  );
  if (!result.success) throw new SubmissionError(MESSAGES.submitFailed);
  const { reference, requestLink } = result.data;
  return { reference, ...(requestLink === undefined ? {} : { requestLink }) };
}
