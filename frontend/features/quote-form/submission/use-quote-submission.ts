import type { FormikHelpers } from 'formik';
import { useCallback, useRef, useState } from 'react';
import { clearDraft } from '../draft/draft-storage';
import { type FormValues, emptyFormValues, requestFieldsFrom } from '../form-values';
import { preparePhoto } from '../media/prepare-photo';
import { putFile } from '../../../shared/api/put-file';
import { fieldId } from '../quote-fields';
import { QUOTE_SUBMIT_ID } from '../quote-submit-id';
import { SubmissionError, type SubmitProgress, submitQuote } from './submit-quote';
import type { ToastMessage } from './toast';
import { SUBMITTED_HEADING_ID } from './submitted';
import type { SubmittedRequest } from './submitted';
import { MESSAGES } from '#contract/core/messages';

export interface ResultDialogState {
  tone: 'success' | 'failure';
  message: string;
}

/**
 * The form's submit, around the pure `submitQuote`: one submission id per attempt (kept across
 * 'Try Again'), uploads remembered between attempts, progress, and the toast and dialog after.
 */
export function useQuoteSubmission() {
  const [progress, setProgress] = useState<SubmitProgress | null>(null);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const [dialog, setDialog] = useState<ResultDialogState | null>(null);
  /** Counts successful submissions: parts keyed by it start afresh (the pickers' own messages). */
  const [sent, setSent] = useState(0);
  const [submitted, setSubmitted] = useState<SubmittedRequest | null>(null);
  const submissionId = useRef<string | null>(null);
  const uploaded = useRef(new Map<File, string>());
  const dismissToast = useCallback(() => setToast(null), []);

  const onSubmit = async (values: FormValues, helpers: FormikHelpers<FormValues>) => {
    submissionId.current ??= crypto.randomUUID();
    try {
      const { fields, choices } = requestFieldsFrom(values);
      const { reference, requestLink } = await submitQuote(
        {
          fields,
          choices,
          photos: values.photos,
          video: values.video?.file ?? null,
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
      // Clears the fields, the choices and the files alike: they are all form values.
      helpers.resetForm({ values: emptyFormValues() });
      clearDraft();
      submissionId.current = null;
      uploaded.current = new Map();
      setSent((n) => n + 1);
      // The form's place shows the request sent, not the form again, empty.
      setSubmitted({ reference, ...(requestLink === undefined ? {} : { requestLink }) });
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
      setToast({ id: Date.now(), tone: 'failure', title: MESSAGES.failureTitle, text: message });
      setDialog({ tone: 'failure', message });
    } finally {
      setProgress(null);
    }
  };

  const closeDialog = () => {
    const tone = dialog?.tone;
    setDialog(null);
    // The dialog said it and was closed: the toast, fixed at the window's bottom, would only cover
    // the page for its last seconds (on a phone, the "View your request" link).
    setToast(null);
    // Keyboard users continue where it makes sense: the request sent, or the button to try again.
    requestAnimationFrame(() =>
      document
        .getElementById(tone === 'success' ? SUBMITTED_HEADING_ID : QUOTE_SUBMIT_ID)
        ?.focus({ preventScroll: tone !== 'success' }),
    );
  };

  /** "Send another request": the empty form again, its first field focused. */
  const another = () => {
    setSubmitted(null);
    requestAnimationFrame(() => document.getElementById(fieldId('name'))?.focus());
  };

  return {
    onSubmit,
    progress,
    toast,
    dismissToast,
    dialog,
    closeDialog,
    sent,
    submitted,
    another,
  };
}
