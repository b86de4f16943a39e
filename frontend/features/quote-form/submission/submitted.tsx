/**
 * What the form's place shows once a request is sent: its reference and the way to its request
 * page (the confirmation email's own signed link), instead of the same form again, empty.
 */
import { LOOP_PAGE_PATHS } from '#contract/core/pages';
import { MESSAGES } from '#contract/core/messages';

export interface SubmittedRequest {
  reference: string;
  /** The signed "View your request" link the server answered, if it did. */
  requestLink?: string;
}

/**
 * The request page on this site: the link's path and fragment (the token), or undefined for
 * anything that is not a request page link. The page is opened on the origin the form is on.
 */
export function requestPageHref(link: string | undefined): string | undefined {
  if (link === undefined) return undefined;
  try {
    const url = new URL(link);
    if (url.pathname !== LOOP_PAGE_PATHS.request || !url.hash.startsWith('#t=')) return undefined;
    return `${url.pathname}${url.hash}`;
  } catch {
    return undefined;
  }
}

export const SUBMITTED_HEADING_ID = 'quote-submitted-heading';

/** The heading takes the focus when the success dialog closes (use-quote-submission.ts). */
export function Submitted({
  submitted,
  onAnother,
}: {
  submitted: SubmittedRequest;
  onAnother: () => void;
}) {
  const href = requestPageHref(submitted.requestLink);
  return (
    <section
      aria-labelledby={SUBMITTED_HEADING_ID}
      className="mt-8 rounded-lg border-2 border-emerald-600 bg-emerald-50 p-6"
    >
      <h3
        id={SUBMITTED_HEADING_ID}
        tabIndex={-1}
        className="text-2xl font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-emerald-700"
      >
        {MESSAGES.submittedHeading}
      </h3>
      <p className="mt-3 text-lg text-slate-900">
        {MESSAGES.submittedReference}{' '}
        <strong data-testid="request-reference">{submitted.reference}</strong>.
      </p>
      <p className="mt-2 text-slate-800">{MESSAGES.successText}</p>
      {href === undefined ? (
        <p className="mt-2 text-slate-800">{MESSAGES.submittedNoLink}</p>
      ) : (
        <>
          <p className="mt-2 text-slate-800">{MESSAGES.submittedViewNote}</p>
          <p className="mt-5">
            <a
              href={href}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-emerald-700 px-6 py-3 text-lg font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
            >
              {MESSAGES.submittedView}
            </a>
          </p>
        </>
      )}
      <button
        type="button"
        onClick={onAnother}
        className="mt-5 font-semibold text-emerald-800 underline hover:text-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      >
        {MESSAGES.submittedAnother}
      </button>
    </section>
  );
}
