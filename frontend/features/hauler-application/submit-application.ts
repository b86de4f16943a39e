import { applicationRequest, declaredCertificate } from './application-values';
import type { ApplicationValues } from './application-values';
import type { FunctionAnswer } from '../../shared/api/call-function';
import { UploadError } from '../../shared/api/put-file';
import { HAULER_API_PATHS } from '#contract/haulers/hauler-api';
import type { ApplicationCertificateUpload } from '#contract/haulers/hauler-api';
import { MESSAGES } from '#contract/core/messages';

export const UPLOAD_FAILED = (reason: string) =>
  `We could not upload your insurance certificate: ${reason}. Please try again.`;

export interface ApplicationDeps {
  call: <T>(path: string, payload: unknown) => Promise<FunctionAnswer<T>>;
  put: (url: string, headers: Record<string, string>, body: Blob) => Promise<void>;
}

/**
 * The attempt in flight. Its id is the one the certificate URL minted (decision 044: the client
 * never chooses it); a retry with the same file reuses it, asking for a new URL under it if the
 * upload failed and skipping the upload if it succeeded, so a failed last step never uploads the
 * certificate twice.
 */
export interface Attempt {
  /** Undefined until the certificate URL has answered. */
  applicationId?: string;
  file: File;
  uploaded: boolean;
}

export type ApplicationOutcome =
  | { kind: 'sent' }
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'failed'; message: string };

/** The form's own fields go under them; the id is no field of the form, so its refusal is said. */
function refused(answer: FunctionAnswer<unknown>): ApplicationOutcome {
  const { applicationId: _id, ...fields } = answer.fields ?? {};
  if (Object.keys(fields).length > 0) return { kind: 'fields', fields };
  return { kind: 'failed', message: answer.message ?? MESSAGES.unexpected };
}

/** The function no longer knows the attempt's id, or gives it no more URLs: start afresh. */
const idEnded = (answer: FunctionAnswer<unknown>, path: string): boolean =>
  answer.fields?.applicationId !== undefined ||
  (path === HAULER_API_PATHS.certificateUrl && answer.status === 429);

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
    previous !== undefined && previous.file === file ? previous : { file, uploaded: false };
  let { applicationId } = attempt;
  if (!attempt.uploaded || applicationId === undefined) {
    const url = await deps.call<ApplicationCertificateUpload>(HAULER_API_PATHS.certificateUrl, {
      ...(applicationId === undefined ? {} : { applicationId }),
      insuranceCertificate: declaredCertificate(file),
    });
    if (!url.ok || url.body === undefined) {
      const ended = idEnded(url, HAULER_API_PATHS.certificateUrl);
      return { outcome: refused(url), attempt: ended ? undefined : attempt };
    }
    ({ applicationId } = url.body);
    attempt.applicationId = applicationId;
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
    applicationRequest(values, applicationId),
  );
  if (!applied.ok) {
    const ended = idEnded(applied, HAULER_API_PATHS.apply);
    return { outcome: refused(applied), attempt: ended ? undefined : attempt };
  }
  return { outcome: { kind: 'sent' }, attempt: undefined };
}
