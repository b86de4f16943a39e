/**
 * "Job done" on the hauler's job page: the disposal receipt (required), the facility's name and
 * up to six after-photos. The files are checked here with the contract's schema and messages,
 * PUT to presigned URLs, then `done` names them; the server checks their bytes again.
 */
import { ErrorMessage, Field, Form, Formik, useFormikContext } from 'formik';
import type { FormikErrors, FormikHelpers } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { Failure, buttonClass } from '../../../components/signed-page/page-parts';
import { callFunction } from '../../../shared/api/call-function';
import { UploadError, putFile } from '../../../shared/api/put-file';
import { firstMessagePerField } from '#contract/core/fields';
import {
  AFTER_PHOTO_CONTENT_TYPES,
  JOB_API_PATHS,
  JOB_LIMITS,
  JOB_MESSAGES,
  JOB_TEXTS,
  RECEIPT_CONTENT_TYPES,
} from '#contract/loop/jobs';
import { jobDoneRequestSchema, jobUploadUrlsRequestSchema } from '#contract/loop/job-schemas';
import type { JobUpload, JobUploadUrls, LeadWithJob } from '#contract/loop/jobs';

interface DoneValues {
  receipt: File | null;
  facility: string;
  afterPhotos: File[];
}

type Errors = FormikErrors<Record<keyof DoneValues, string>>;

const RECEIPT_ACCEPT = Object.keys(RECEIPT_CONTENT_TYPES).join(',');
const PHOTO_ACCEPT = Object.keys(AFTER_PHOTO_CONTENT_TYPES).join(',');

const declared = (file: File) => ({ contentType: file.type, size: file.size });

/** The server's field names as this form's: `receiptKey` is the receipt, and so on. */
const FORM_FIELD: Record<string, keyof DoneValues> = {
  receipt: 'receipt',
  receiptKey: 'receipt',
  facility: 'facility',
  afterPhotos: 'afterPhotos',
  afterPhotoKeys: 'afterPhotos',
};

function validate(values: DoneValues): Errors {
  const errors: Errors = {};
  if (values.receipt === null) errors.receipt = JOB_MESSAGES.receiptRequired;
  const files = jobUploadUrlsRequestSchema.safeParse({
    token: 'form',
    ...(values.receipt === null ? {} : { receipt: declared(values.receipt) }),
    afterPhotos: values.afterPhotos.map(declared),
  });
  const facility = jobDoneRequestSchema.shape.facility.safeParse(values.facility);
  const issues = [
    ...(files.success ? [] : files.error.issues),
    ...(facility.success ? [] : facility.error.issues.map((i) => ({ ...i, path: ['facility'] }))),
  ];
  for (const [field, message] of Object.entries(firstMessagePerField(issues))) {
    const name = FORM_FIELD[field];
    if (name !== undefined && errors[name] === undefined) errors[name] = message;
  }
  return errors;
}

const inputClass =
  'mt-1 w-full rounded-md border border-slate-400 p-2.5 aria-[invalid=true]:border-red-700';
const fileClass =
  'mt-2 block w-full text-slate-900 file:mr-4 file:min-h-11 file:rounded-md file:border-2 file:border-slate-700 file:bg-white file:px-4 file:font-semibold file:text-slate-900 hover:file:bg-slate-100';

function FieldError({ name }: { name: keyof DoneValues }) {
  return (
    <ErrorMessage name={name}>
      {(message) => (
        <p id={`job-done-${name}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {message}
        </p>
      )}
    </ErrorMessage>
  );
}

const FIELD_IDS: Record<keyof DoneValues, string> = {
  receipt: 'job-done-receipt',
  facility: 'job-done-facility',
  afterPhotos: 'job-done-photos',
};

/** A submit the form refuses moves focus to the first field in error, once per submit. */
function FocusFirstError() {
  const { submitCount, isSubmitting, isValid, errors } = useFormikContext<DoneValues>();
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValid) return;
    handled.current = submitCount;
    const first = (Object.keys(FIELD_IDS) as (keyof DoneValues)[]).find((n) => errors[n]);
    if (first !== undefined) document.getElementById(FIELD_IDS[first])?.focus();
  }, [submitCount, isSubmitting, isValid, errors]);
  return null;
}

export function JobDoneForm({
  token,
  onDone,
  confirm,
}: {
  token: string;
  onDone: (lead: LeadWithJob) => void;
  /** Asked once the form is complete, before anything is uploaded (false: nothing is sent). */
  confirm?: () => Promise<boolean>;
}) {
  const [failure, setFailure] = useState<string>();
  const [progress, setProgress] = useState<string>();
  const failureRef = useRef<HTMLDivElement>(null);
  // A file already uploaded keeps its key across retries: no new URL, no second upload.
  const uploadedKeys = useRef(new Map<File, string>());

  async function upload(file: File, url: JobUpload): Promise<string> {
    await putFile(url.url, url.headers, file);
    uploadedKeys.current.set(file, url.key);
    return url.key;
  }

  async function submit(values: DoneValues, helpers: FormikHelpers<DoneValues>) {
    setFailure(undefined);
    const receipt = values.receipt!;
    const fail = (message: string | undefined, fields?: Record<string, string>) => {
      const errors: Errors = {};
      for (const [field, text] of Object.entries(fields ?? {})) {
        const name = FORM_FIELD[field];
        if (name !== undefined) errors[name] = text;
      }
      helpers.setErrors(errors);
      setFailure(message ?? JOB_MESSAGES.unexpected);
      requestAnimationFrame(() => failureRef.current?.focus());
    };
    const missing = [receipt, ...values.afterPhotos].filter((f) => !uploadedKeys.current.has(f));
    try {
      if (missing.length > 0) {
        setProgress(`Uploading ${missing.length} file${missing.length === 1 ? '' : 's'}…`);
        const newReceipt = missing.includes(receipt);
        const photos = missing.filter((f) => f !== receipt);
        const urls = await callFunction<JobUploadUrls>(JOB_API_PATHS.uploadUrls, {
          token,
          ...(newReceipt ? { receipt: declared(receipt) } : {}),
          ...(photos.length === 0 ? {} : { afterPhotos: photos.map(declared) }),
        });
        if (!urls.ok || urls.body === undefined) return fail(urls.message, urls.fields);
        const { receipt: receiptUrl, afterPhotos: photoUrls } = urls.body;
        await Promise.all([
          ...(newReceipt && receiptUrl !== undefined ? [upload(receipt, receiptUrl)] : []),
          ...photos.map((photo, i) => upload(photo, photoUrls[i]!)),
        ]);
      }
      setProgress('Marking the job done…');
      const answer = await callFunction<{ lead?: LeadWithJob }>(JOB_API_PATHS.done, {
        token,
        receiptKey: uploadedKeys.current.get(receipt),
        facility: values.facility,
        afterPhotoKeys: values.afterPhotos.map((f) => uploadedKeys.current.get(f)),
      });
      const lead = answer.body?.lead;
      // Done is stored before its emails: a failed email still leaves the job done.
      if (lead?.job?.doneAt !== undefined) return onDone(lead);
      if (answer.fields?.receiptKey !== undefined) uploadedKeys.current.delete(receipt);
      if (answer.fields?.afterPhotoKeys !== undefined) {
        for (const photo of values.afterPhotos) uploadedKeys.current.delete(photo);
      }
      fail(answer.message, answer.fields);
    } catch (caught) {
      fail(
        `We could not upload the files: ${
          caught instanceof UploadError ? caught.reason : 'the connection was lost'
        }. Please try again.`,
      );
    } finally {
      setProgress(undefined);
    }
  }

  const initial: DoneValues = { receipt: null, facility: '', afterPhotos: [] };
  return (
    <Formik<DoneValues> initialValues={initial} validate={validate} onSubmit={submit}>
      {({
        errors,
        touched,
        isSubmitting,
        setFieldValue,
        setFieldTouched,
        values,
        validateForm,
        submitForm,
      }) => {
        const invalid = (name: keyof DoneValues) =>
          (touched[name] !== undefined && errors[name] !== undefined) || undefined;
        const describedBy = (name: keyof DoneValues, hint: string) =>
          [hint, invalid(name) ? `job-done-${name}-error` : undefined].filter(Boolean).join(' ');
        return (
          <Form noValidate className="space-y-5" aria-busy={isSubmitting}>
            <FocusFirstError />
            <div>
              <label htmlFor="job-done-receipt" className="block font-semibold text-slate-900">
                Disposal receipt
              </label>
              <p id="job-done-receipt-hint" className="text-sm text-slate-700">
                A photo or PDF of the landfill, transfer station, recycling or donation receipt
                (PDF, JPEG or PNG, at most {JOB_LIMITS.receiptMaxBytes / 1024 / 1024} MB).
              </p>
              <input
                id="job-done-receipt"
                name="receipt"
                type="file"
                accept={RECEIPT_ACCEPT}
                required
                disabled={isSubmitting}
                aria-invalid={invalid('receipt')}
                aria-describedby={describedBy('receipt', 'job-done-receipt-hint')}
                onChange={(event) => {
                  void setFieldValue('receipt', event.currentTarget.files?.[0] ?? null);
                  void setFieldTouched('receipt', true, false);
                }}
                className={fileClass}
              />
              <FieldError name="receipt" />
            </div>
            <div>
              <label htmlFor="job-done-facility" className="block font-semibold text-slate-900">
                Facility’s name
              </label>
              <p id="job-done-facility-hint" className="text-sm text-slate-700">
                Where the junk went, as on the receipt.
              </p>
              <Field
                id="job-done-facility"
                name="facility"
                autoComplete="off"
                maxLength={JOB_LIMITS.facility.max}
                disabled={isSubmitting}
                aria-invalid={invalid('facility')}
                aria-describedby={describedBy('facility', 'job-done-facility-hint')}
                className={inputClass}
              />
              <FieldError name="facility" />
            </div>
            <div>
              <label htmlFor="job-done-photos" className="block font-semibold text-slate-900">
                After-photos (optional)
              </label>
              <p id="job-done-photos-hint" className="text-sm text-slate-700">
                Up to {JOB_LIMITS.afterPhotosMax} JPEG or PNG photos of the cleared spot
                {values.afterPhotos.length > 0 ? ` (${values.afterPhotos.length} chosen)` : ''}.
              </p>
              <input
                id="job-done-photos"
                name="afterPhotos"
                type="file"
                multiple
                accept={PHOTO_ACCEPT}
                disabled={isSubmitting}
                aria-invalid={invalid('afterPhotos')}
                aria-describedby={describedBy('afterPhotos', 'job-done-photos-hint')}
                onChange={(event) => {
                  void setFieldValue('afterPhotos', [...(event.currentTarget.files ?? [])]);
                  void setFieldTouched('afterPhotos', true, false);
                }}
                className={fileClass}
              />
              <FieldError name="afterPhotos" />
            </div>
            <button
              type="submit"
              className={buttonClass}
              disabled={isSubmitting}
              onClick={(event) => {
                if (confirm === undefined) return;
                // Enter in a field clicks this button too. A form with errors shows them as a
                // plain submit does; only a complete one asks, then submits.
                event.preventDefault();
                void (async () => {
                  const invalid = Object.keys(await validateForm()).length > 0;
                  if (!invalid && !(await confirm())) return;
                  await submitForm();
                })();
              }}
            >
              {isSubmitting ? (progress ?? 'Sending…') : JOB_TEXTS.jobDone}
            </button>
            {isSubmitting && progress !== undefined ? (
              <p role="status" className="text-slate-700">
                {progress}
              </p>
            ) : null}
            {failure === undefined ? null : (
              <div ref={failureRef} tabIndex={-1} className="outline-none">
                <Failure message={failure} />
              </div>
            )}
          </Form>
        );
      }}
    </Formik>
  );
}
