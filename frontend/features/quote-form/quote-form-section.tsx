import { Suspense, lazy } from 'react';
import { sectionHeadings } from '../../content/marketing';
import { QUOTE_FORM_ID } from '../../shared/paths';

// The form's code (Formik, the contract, the upload pipeline) is not preloaded with the page: it
// would compete with the hero image for a phone's bandwidth. Browsers load it right after the
// page's own code and hydrate the pre-rendered form in place (frontend/entry.server.tsx keeps it in
// document order).
const QuoteForm = lazy(() =>
  import('./quote-form').then((module) => ({ default: module.QuoteForm })),
);

/** The quote form's section on the home page (anchor #quote-form). */
export function QuoteFormSection() {
  return (
    <section
      id={QUOTE_FORM_ID}
      tabIndex={-1}
      aria-labelledby="quote-form-heading"
      className="bg-white py-16 focus:outline-none"
    >
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="quote-form-heading" className="text-center text-3xl font-bold tracking-tight">
          {sectionHeadings.quoteForm}
        </h2>
        <p className="mt-3 text-center text-lg text-slate-700">{sectionHeadings.quoteFormIntro}</p>
        <p className="mt-2 text-center text-sm text-slate-600">
          Fields marked{' '}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <Suspense fallback={null}>
          <QuoteForm />
        </Suspense>
      </div>
    </section>
  );
}
