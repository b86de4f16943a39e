import { applicationRequest, declaredCertificate } from './application-values';
import type { ApplicationValues } from './application-values';
import type { FunctionAnswer } from '../../shared/call-function';
import { UploadError } from '../../shared/put-file';
import { HAULER_API_PATHS } from '#contract/hauler-api';
import type { CertificateUpload } from '#contract/hauler-api';
import { MESSAGES } from '#contract/messages';

export const UPLOAD_FAILED = (reason: string) =>
  `We could not upload your insurance certificate: ${reason}. Please try again.`;

export interface ApplicationDeps {
  call: <T>(path: string, payload: unknown) => Promise<FunctionAnswer<T>>;
  put: (url: string, headers: Record<string, string>, body: Blob) => Promise<void>;
  newId: () => string;
}

/**
 * The attempt in flight: a retry with the same file after its upload succeeded reuses the id and
 * skips the upload, so a failed last step never uploads the certificate twice.
 */
export interface Attempt {
  applicationId: string;
  file: File;
  uploaded: boolean;
}

export type ApplicationOutcome =
  | { kind: 'sent' }
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'failed'; message: string };

function refused(answer: FunctionAnswer<unknown>): ApplicationOutcome {
  if (answer.fields !== undefined && Object.keys(answer.fields).length > 0) {
    return { kind: 'fields', fields: answer.fields };
  }
  return { kind: 'failed', message: answer.message ?? MESSAGES.unexpected };
}

/** Certificate URL, the PUT into quarantine, then the application. `attempt` is updated in place. */
export async function submitApplication(
  values: ApplicationValues,
  previous: Attempt | undefined,
  deps: ApplicationDeps,
): Promise<{ outcome: ApplicationOutcome; attempt: Attempt | undefined }> {
  const file = values.insuranceCertificate;
  if (file === null)
    return { outcome: { kind: 'failed', message: MESSAGES.unexpected }, attempt: previous };
  const attempt: Attempt =
    previous !== undefined && previous.file === file && previous.uploaded
      ? previous
      : { applicationId: deps.newId(), file, uploaded: false };
  if (!attempt.uploaded) {
    const url = await deps.call<CertificateUpload>(HAULER_API_PATHS.certificateUrl, {
      applicationId: attempt.applicationId,
      insuranceCertificate: declaredCertificate(file),
    });
    if (!url.ok || url.body === undefined) return { outcome: refused(url), attempt };
    try {
      await deps.put(url.body.url, url.body.headers, file);
    } catch (error) {
      const reason = error instanceof UploadError ? error.reason : 'the connection was lost';
      return { outcome: { kind: 'failed', message: UPLOAD_FAILED(reason) }, attempt };
    }
    attempt.uploaded = true;
  }
  const applied = await deps.call(
    HAULER_API_PATHS.apply,
    applicationRequest(values, attempt.applicationId),
  );
  if (!applied.ok) return { outcome: refused(applied), attempt };
  return { outcome: { kind: 'sent' }, attempt: undefined };
}
