import { Form, Formik } from 'formik';
import { Suspense, lazy } from 'react';
import { DraftSync, FocusFirstError, ZipAutofill } from './draft/form-sync';
import { type FormValues, emptyFormValues, validateForm } from './form-values';
import { LoadSizeChooser } from './choices/load-size-chooser';
import { MediaPickers } from './media/media-pickers';
import { PickupChooser } from './choices/pickup-chooser';
import { Honeypot, QuoteFields } from './quote-fields';
import type { SubmitProgress } from './submission/submit-quote';
import { Toast } from './submission/toast';
import { useQuoteSubmission } from './submission/use-quote-submission';
import { Submitted } from './submission/submitted';
import { createZipLookup } from './location/zip-lookup';
import { useHydrated } from '../../shared/hydration/use-hydrated';
import { MESSAGES } from '#contract/core/messages';
import { STATUS_MESSAGES } from './form-schema';
import { QUOTE_SUBMIT_ID } from './quote-submit-id';

// The result dialog (Headless UI Dialog) is needed only after a submit: its code is fetched once
// the visitor starts on the form, not with the page.
const loadResultDialog = () => import('./submission/result-dialog');
const ResultDialog = lazy(() =>
  loadResultDialog().then((module) => ({ default: module.ResultDialog })),
);

// One lookup per page: each ZIP prefix file is fetched at most once.
const lookupZip = createZipLookup((url) => fetch(url));

function progressText(progress: SubmitProgress): string {
  if (progress.phase === 'preparing') return STATUS_MESSAGES.preparing;
  if (progress.phase === 'sending') return STATUS_MESSAGES.sending;
  const percent = progress.totalBytes
    ? Math.round((progress.sentBytes / progress.totalBytes) * 100)
    : 0;
  return STATUS_MESSAGES.uploading(progress.filesDone, progress.filesTotal, percent);
}

function SubmitProgressBar({ progress }: { progress: SubmitProgress }) {
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="text-sm text-slate-700">{progressText(progress)}</p>
      <progress
        className="h-2 w-full overflow-hidden rounded accent-emerald-700"
        aria-label="Upload progress"
        max={progress.totalBytes || 1}
        value={progress.phase === 'sending' ? progress.totalBytes || 1 : progress.sentBytes}
      />
    </div>
  );
}

/**
 * The quote form: the text fields, "How much junk?", "When?", the media pickers and the submit,
 * validated as one value by the contract's form schema (see form-values.ts).
 */
export function QuoteForm() {
  const hydrated = useHydrated();
  const { onSubmit, progress, toast, dismissToast, dialog, closeDialog, sent, submitted, another } =
    useQuoteSubmission();

  return (
    <>
      <Formik<FormValues>
        initialValues={emptyFormValues()}
        validate={(values) => validateForm(values)}
        onSubmit={onSubmit}
      >
        {({ isSubmitting }) =>
          submitted !== null ? (
            <Submitted submitted={submitted} onAnother={another} />
          ) : (
            <Form
              noValidate
              aria-labelledby="quote-form-heading"
              className="mt-8 space-y-8"
              onFocus={() => void loadResultDialog()}
            >
              <DraftSync />
              <FocusFirstError />
              <ZipAutofill lookup={lookupZip} />
              <QuoteFields disabled={isSubmitting} />
              <Honeypot />
              <LoadSizeChooser disabled={isSubmitting} />
              <PickupChooser disabled={isSubmitting} />
              <MediaPickers key={sent} disabled={isSubmitting} />
              {progress ? <SubmitProgressBar progress={progress} /> : null}
              <button
                id={QUOTE_SUBMIT_ID}
                type="submit"
                disabled={isSubmitting || !hydrated}
                className="w-full rounded-lg bg-emerald-700 px-6 py-4 text-lg font-semibold text-white shadow hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-wait disabled:bg-emerald-900"
              >
                {isSubmitting ? 'Submitting...' : 'Get My Free Quote'}
              </button>
              <noscript>
                <p className="text-center font-medium text-red-700">{STATUS_MESSAGES.noScript}</p>
              </noscript>
            </Form>
          )
        }
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
