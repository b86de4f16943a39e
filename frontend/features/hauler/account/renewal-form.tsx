import { useState } from 'react';
import { Failure, secondaryButtonClass } from '../../../components/signed-page/page-parts';
import { callFunction } from '../../../shared/api/call-function';
import { UploadError, putFile } from '../../../shared/api/put-file';
import { HAULER_API_PATHS, HAULER_TEXTS } from '#contract/haulers/hauler-api';
import type { CertificateUpload, HaulerAccountView } from '#contract/haulers/hauler-api';
import {
  CERTIFICATE_CONTENT_TYPES,
  HAULER_FIELD_HINTS,
  HAULER_MESSAGES,
} from '#contract/haulers/haulers';
import { certificateFileSchema } from '#contract/haulers/hauler-schemas';

const pickAccount = (body: unknown) =>
  (body as { account?: HaulerAccountView } | undefined)?.account;

const ACCEPT = Object.keys(CERTIFICATE_CONTENT_TYPES).join(',');

/** A new certificate: presigned PUT into quarantine, then operations review it. */
export function RenewalForm({
  token,
  onView,
}: {
  token: string;
  onView: (view: HaulerAccountView) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function upload() {
    setError(undefined);
    if (file === null) return setError(HAULER_MESSAGES.certificateRequired);
    const declared = { contentType: file.type, size: file.size };
    const checked = certificateFileSchema.safeParse(declared);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setBusy(true);
    try {
      const url = await callFunction<CertificateUpload>(HAULER_API_PATHS.renewalUrl, {
        token,
        insuranceCertificate: declared,
      });
      if (!url.ok || url.body === undefined) return setError(url.message);
      await putFile(url.body.url, url.body.headers, file);
      const answer = await callFunction(HAULER_API_PATHS.renewal, { token });
      const view = pickAccount(answer.body);
      if (view !== undefined) onView(view);
      if (answer.ok) setDone(true);
      else setError(answer.message);
    } catch (caught) {
      setError(
        `We could not upload your insurance certificate: ${
          caught instanceof UploadError ? caught.reason : 'the connection was lost'
        }. Please try again.`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      className="mt-4 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void upload();
      }}
    >
      <div>
        <label htmlFor="renewal-certificate" className="block font-semibold text-slate-900">
          New insurance certificate
        </label>
        <p id="renewal-certificate-hint" className="text-sm text-slate-700">
          {HAULER_FIELD_HINTS.insuranceCertificate}
        </p>
        <input
          id="renewal-certificate"
          type="file"
          accept={ACCEPT}
          aria-describedby="renewal-certificate-hint"
          aria-invalid={error === undefined ? undefined : true}
          onChange={(event) => {
            setDone(false);
            setFile(event.currentTarget.files?.[0] ?? null);
          }}
          className="mt-2 block w-full text-slate-900 file:mr-4 file:min-h-11 file:rounded-md file:border-2 file:border-slate-700 file:bg-white file:px-4 file:font-semibold file:text-slate-900 hover:file:bg-slate-100"
        />
      </div>
      <button type="submit" className={secondaryButtonClass} disabled={busy}>
        {busy ? 'Uploading…' : HAULER_TEXTS.renewButton}
      </button>
      {error === undefined ? null : <Failure message={error} />}
      {done ? (
        <p
          role="status"
          className="rounded-md border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900"
        >
          {HAULER_TEXTS.renewalPending}
        </p>
      ) : null}
    </form>
  );
}
