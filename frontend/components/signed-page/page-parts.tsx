/** The parts every page behind a signed link is made of, so they all look and speak alike. */
import type { ReactNode } from 'react';

export const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-emerald-700 px-5 py-2.5 font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex min-h-11 items-center justify-center rounded-md border-2 border-slate-700 bg-white px-5 py-2 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed disabled:opacity-60';

export function Loading({ text = 'Loading the request…' }: { text?: string }) {
  return (
    <p className="text-slate-700" role="status">
      {text}
    </p>
  );
}

/** A link that does not work, or a call that failed: one sentence, announced. */
export function Failure({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-4 font-semibold text-red-900"
    >
      {message}
    </p>
  );
}

/** What a button did, announced: the success beside `Failure`. */
export function Success({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="status"
      className={`rounded-md border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900 ${className}`}
    >
      {children}
    </p>
  );
}

/**
 * A titled part of the page. `headingId`: a link may land on it (an email's button), so its heading
 * can take focus from script, as a skip link's target does.
 */
export function Card({
  title,
  children,
  headingId,
}: {
  title: string;
  children: ReactNode;
  headingId?: string;
}) {
  return (
    <section className="mt-6 rounded-lg border border-slate-200 p-5 shadow-sm" aria-label={title}>
      <h2
        id={headingId}
        tabIndex={headingId === undefined ? undefined : -1}
        className="mb-4 scroll-mt-4 text-xl font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-emerald-700"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
