import { Suspense } from 'react';
import { sectionHeadings } from '../../content/marketing';
import { QUOTE_FORM_ID } from '../../shared/quote-form-id';
import { lazyWhenNeeded } from '../../shared/hydration/when-needed';
import { QUOTE_FORM_ROOT_ID, QUOTE_SUBMIT_ID } from './quote-submit-id';
import { quoteFormWantedAtOnce } from './location/zip-from-link';

// The form's code (Formik, the contract's schemas, the upload pipeline) is not preloaded with the
// page, and a phone does not load, run and hydrate it until the visitor comes near its submit
// button or touches the form (docs/decisions/032-main-thread-budget.md); until then the
// pre-rendered form stands as it is. A saved draft or a city link's ZIP is shown at once.
const { Component: QuoteForm, useRelease } = lazyWhenNeeded(
  () => import('./quote-form').then((module) => ({ default: module.QuoteForm })),
  {
    watchedId: QUOTE_SUBMIT_ID,
    areaId: QUOTE_FORM_ID,
    wantedAtOnce: quoteFormWantedAtOnce,
  },
);

/** The quote form's section on the home page (anchor #quote-form). */
export function QuoteFormSection() {
  useRelease();
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
        {/* On the pre-rendered home page, the island hydrates this element alone, with the same
            Suspense around the form (quote-form-island.tsx). */}
        <div id={QUOTE_FORM_ROOT_ID}>
          <Suspense fallback={null}>
            <QuoteForm />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
