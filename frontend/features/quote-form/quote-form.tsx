import { Form, Formik, useField, useFormikContext } from 'formik';
import type { FormikErrors } from 'formik';
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useSearchParams } from 'react-router';
import {
  LIMITS,
  MESSAGES,
  QUOTE_FIELDS,
  mediaSelectionError,
  quoteFieldsSchema,
  validateQuoteFields,
  videoDurationError,
} from '../../../lambdas/shared/quote-contract';
import type { QuoteField } from '../../../lambdas/shared/quote-contract';
import { type DraftValues, clearDraft, emptyDraft, loadDraft, saveDraft } from './draft-storage';
import { PhotoPicker, VideoPicker } from './media-pickers';
import { preparePhoto } from './prepare-photo';
import { putFile } from './put-file';
import { SubmissionError, type SubmitProgress, submitQuote } from './submit-quote';
import { Toast, type ToastMessage } from './toast';
import { readVideoDuration } from './video-duration';

// The result dialog (Headless UI Dialog) is needed only after a submit: its code is fetched once
// the visitor starts on the form, not with the page.
const loadResultDialog = () => import('./result-dialog');
const ResultDialog = lazy(() =>
  loadResultDialog().then((module) => ({ default: module.ResultDialog })),
);

interface FormValues extends DraftValues {
  /** Honeypot: hidden from people, filled by bots. */
  website: string;
}

type FieldErrors = FormikErrors<FormValues> & { media?: string };

const FIELD_LABELS: Record<QuoteField, string> = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  city: 'City',
  state: 'State',
  zipCode: 'Zip Code',
  description: 'Description',
};

const FIELD_INPUT: Record<
  QuoteField,
  { type?: string; autoComplete: string; inputMode?: 'tel' | 'email' | 'numeric' | 'text' }
> = {
  name: { autoComplete: 'name' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  city: { autoComplete: 'address-level2' },
  state: { autoComplete: 'address-level1' },
  zipCode: { autoComplete: 'postal-code', inputMode: 'numeric' },
  description: { autoComplete: 'off' },
};

const fieldId = (field: string) => `quote-${field}`;

function TextField({ name, disabled }: { name: QuoteField; disabled: boolean }) {
  const [field, meta] = useField<string>(name);
  const error = meta.touched ? meta.error : undefined;
  const id = fieldId(name);
  const input = FIELD_INPUT[name];
  const common = {
    ...field,
    id,
    disabled,
    'aria-required': true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    maxLength: (LIMITS[name] as { max: number }).max,
    className: `mt-1 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-700 disabled:bg-slate-100 ${
      error ? 'border-red-700' : 'border-slate-500'
    }`,
  };
  return (
    <div className={name === 'description' ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {FIELD_LABELS[name]}{' '}
        <span className="text-red-700" aria-hidden="true">
          *
        </span>
      </label>
      {name === 'description' ? (
        <textarea
          {...common}
          rows={4}
          placeholder="What needs to go? e.g. a couch, two mattresses and some boxes in the garage"
        />
      ) : (
        <input
          {...common}
          type={input.type ?? 'text'}
          autoComplete={input.autoComplete}
          inputMode={input.inputMode}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the visitor typed into the pre-rendered fields before this code arrived. */
function typedBeforeHydration(): Partial<DraftValues> {
  const typed: Partial<DraftValues> = {};
  for (const field of QUOTE_FIELDS) {
    const element = document.getElementById(fieldId(field));
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.value !== '') typed[field] = element.value;
    }
  }
  return typed;
}

/**
 * After hydration, fills the form from what the visitor already typed into the pre-rendered
 * fields, else from a saved draft, and takes the `?zip=` of a city link (the HTML is the same for
 * every visitor, so none of this can be in it).
 */
function DraftSync({ zipFromLink }: { zipFromLink: string | null }) {
  const { values, setValues } = useFormikContext<FormValues>();
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = loadDraft();
    const zip = zipFromLink && /^\d{5}$/.test(zipFromLink) ? zipFromLink : null;
    const typed = typedBeforeHydration();
    if (draft || zip || Object.keys(typed).length > 0) {
      void setValues(
        {
          ...(draft ?? emptyDraft()),
          website: '',
          ...(zip ? { zipCode: zip } : {}),
          ...typed,
        },
        false,
      );
    }
  }, [setValues, zipFromLink]);
  useEffect(() => {
    if (!restored.current) return;
    const { website, ...draft } = values;
    saveDraft(draft);
  }, [values]);
  return null;
}

/** After a submit with errors, focus the first field that needs attention. */
function FocusFirstError({ mediaError }: { mediaError?: string }) {
  const { submitCount, isSubmitting, errors } = useFormikContext<FormValues>();
  const lastCount = useRef(submitCount);
  useEffect(() => {
    if (submitCount === lastCount.current || isSubmitting) return;
    lastCount.current = submitCount;
    const first = QUOTE_FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
    else if (mediaError) document.getElementById('quote-media')?.focus();
  }, [submitCount, isSubmitting, errors, mediaError]);
  return null;
}

function progressText(progress: SubmitProgress): string {
  if (progress.phase === 'preparing') return 'Preparing your photos…';
  if (progress.phase === 'sending') return 'Sending your request…';
  const percent = progress.totalBytes
    ? Math.round((progress.sentBytes / progress.totalBytes) * 100)
    : 0;
  return `Uploading ${progress.filesDone} of ${progress.filesTotal} files… ${percent}%`;
}

const noSubscription = () => () => {};

/** False in the pre-rendered HTML and until this component has hydrated, then true. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function QuoteForm() {
  const [searchParams] = useSearchParams();
  // Before hydration a submit would be the browser's own GET, putting the visitor's details in
  // the address bar: the button stays disabled until the form is live.
  const hydrated = useHydrated();
  const [photos, setPhotos] = useState<File[]>([]);
  const [video, setVideo] = useState<{ file: File; seconds: number } | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const [videoError, setVideoError] = useState<string>();
  const [checkingVideo, setCheckingVideo] = useState(false);
  const [progress, setProgress] = useState<SubmitProgress | null>(null);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const [dialog, setDialog] = useState<{ tone: 'success' | 'failure'; message: string } | null>(
    null,
  );
  const submissionId = useRef<string | null>(null);
  const uploaded = useRef(new Map<File, string>());
  const dismissToast = useCallback(() => setToast(null), []);

  const mediaError = mediaSelectionError({ photoCount: photos.length, hasVideo: video !== null });

  const addPhotos = (files: File[]) => {
    const images = files.filter((file) => file.type.startsWith('image/'));
    const room = LIMITS.photos.max - photos.length;
    setPhotos([...photos, ...images.slice(0, Math.max(0, room))]);
    if (images.length > room) setPhotoError(MESSAGES.tooManyPhotos);
    else if (images.length < files.length) setPhotoError(MESSAGES.photoNotImage);
    else setPhotoError(undefined);
  };

  const removePhoto = (index: number) => {
    setPhotos(photos.filter((_, i) => i !== index));
    setPhotoError(undefined);
  };

  const pickVideo = async (file: File) => {
    if (!file.type.startsWith('video/')) {
      setVideoError(MESSAGES.videoNotVideo);
      return;
    }
    setCheckingVideo(true);
    setVideoError(undefined);
    try {
      const seconds = await readVideoDuration(file);
      const tooLong = videoDurationError(seconds);
      if (tooLong) setVideoError(tooLong);
      else setVideo({ file, seconds });
    } catch {
      setVideoError(
        "We couldn't read this video's length. Please choose an MP4, MOV or WebM file.",
      );
    } finally {
      setCheckingVideo(false);
    }
  };

  const validate = (values: FormValues): FieldErrors => {
    const errors: FieldErrors = validateQuoteFields(values);
    if (mediaError) errors.media = mediaError;
    return errors;
  };

  const closeDialog = () => {
    const tone = dialog?.tone;
    setDialog(null);
    // Keyboard users continue where it makes sense: a fresh form, or the button to try again.
    requestAnimationFrame(() =>
      document
        .getElementById(tone === 'success' ? fieldId('name') : 'quote-submit')
        ?.focus({ preventScroll: tone !== 'success' }),
    );
  };

  return (
    <>
      <Formik<FormValues>
        initialValues={{ ...emptyDraft(), website: '' }}
        validate={validate}
        onSubmit={async (values, helpers) => {
          submissionId.current ??= crypto.randomUUID();
          try {
            const { reference } = await submitQuote(
              {
                fields: quoteFieldsSchema.parse(values),
                photos,
                video: video?.file ?? null,
                submissionId: submissionId.current,
                honeypot: values.website,
              },
              {
                fetch: window.fetch.bind(window),
                preparePhoto,
                putFile,
                onProgress: setProgress,
                uploaded: uploaded.current,
              },
            );
            console.info('Quote request submitted', { reference });
            helpers.resetForm({ values: { ...emptyDraft(), website: '' } });
            clearDraft();
            setPhotos([]);
            setVideo(null);
            setPhotoError(undefined);
            setVideoError(undefined);
            submissionId.current = null;
            uploaded.current = new Map();
            setToast({
              id: Date.now(),
              tone: 'success',
              title: MESSAGES.successTitle,
              text: MESSAGES.successText,
            });
            setDialog({ tone: 'success', message: MESSAGES.successText });
          } catch (error) {
            const message =
              error instanceof SubmissionError
                ? error.message
                : error instanceof Error
                  ? MESSAGES.submitFailed
                  : MESSAGES.unexpected;
            setToast({
              id: Date.now(),
              tone: 'failure',
              title: MESSAGES.failureTitle,
              text: message,
            });
            setDialog({ tone: 'failure', message });
          } finally {
            setProgress(null);
          }
        }}
      >
        {({ isSubmitting, submitCount, errors }) => {
          const formErrors = errors as FieldErrors;
          const showMediaError = submitCount > 0 && formErrors.media;
          return (
            <Form
              noValidate
              aria-labelledby="quote-form-heading"
              className="mt-8 space-y-8"
              onFocus={() => void loadResultDialog()}
            >
              <DraftSync zipFromLink={searchParams.get('zip')} />
              <FocusFirstError mediaError={showMediaError ? mediaError : undefined} />
              <div className="grid gap-5 sm:grid-cols-2">
                {QUOTE_FIELDS.map((field) => (
                  <TextField key={field} name={field} disabled={isSubmitting} />
                ))}
              </div>
              {/* Honeypot: people never see or reach it; bots that fill every field do. */}
              <div
                aria-hidden="true"
                className="absolute -left-[10000px] h-px w-px overflow-hidden"
              >
                <label htmlFor="quote-website">Website</label>
                <HoneypotInput />
              </div>
              <div
                id="quote-media"
                tabIndex={-1}
                className="space-y-6 rounded-xl border border-slate-200 p-5 focus:outline-2 focus:outline-emerald-700"
              >
                <PhotoPicker
                  photos={photos}
                  disabledByVideo={video !== null}
                  disabled={isSubmitting}
                  error={photoError}
                  onAdd={addPhotos}
                  onRemove={removePhoto}
                />
                <VideoPicker
                  video={video}
                  disabledByPhotos={photos.length > 0}
                  disabled={isSubmitting}
                  checking={checkingVideo}
                  error={videoError}
                  onPick={(file) => void pickVideo(file)}
                  onRemove={() => {
                    setVideo(null);
                    setVideoError(undefined);
                  }}
                />
                {showMediaError ? (
                  <p role="alert" className="text-sm font-medium text-red-700">
                    {formErrors.media}
                  </p>
                ) : null}
              </div>
              {progress ? (
                <div className="space-y-2" aria-live="polite">
                  <p className="text-sm text-slate-700">{progressText(progress)}</p>
                  <progress
                    className="h-2 w-full overflow-hidden rounded accent-emerald-700"
                    aria-label="Upload progress"
                    max={progress.totalBytes || 1}
                    value={
                      progress.phase === 'sending' ? progress.totalBytes || 1 : progress.sentBytes
                    }
                  />
                </div>
              ) : null}
              <button
                id="quote-submit"
                type="submit"
                disabled={isSubmitting || !hydrated}
                className="w-full rounded-lg bg-emerald-700 px-6 py-4 text-lg font-semibold text-white shadow hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-wait disabled:bg-emerald-900"
              >
                {isSubmitting ? 'Submitting...' : 'Get My Free Quote'}
              </button>
              <noscript>
                <p className="text-center font-medium text-red-700">
                  Sending a quote request needs JavaScript. Please turn it on and reload this page.
                </p>
              </noscript>
            </Form>
          );
        }}
      </Formik>
      <Toast toast={toast} onDismiss={dismissToast} />
      {dialog ? (
        <Suspense fallback={null}>
          <ResultDialog
            open
            tone={dialog.tone}
            title={dialog.tone === 'failure' ? MESSAGES.failureTitle : MESSAGES.successTitle}
            message={dialog.message}
            button={dialog.tone === 'failure' ? MESSAGES.failureButton : MESSAGES.successButton}
            onClose={closeDialog}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function HoneypotInput() {
  const [field] = useField<string>('website');
  return <input {...field} id="quote-website" type="text" tabIndex={-1} autoComplete="off" />;
}
