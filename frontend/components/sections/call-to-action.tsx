import { callToAction } from '../../content/marketing';
import { QuoteLink, invertedButtonClass } from './quote-link';

/** The closing call to action: on the home page it scrolls to the form, elsewhere it goes there. */
export function CallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="bg-emerald-900 py-16 text-white">
      <div className="mx-auto max-w-3xl px-4 text-center">
        <h2 id="cta-heading" className="text-3xl font-bold">
          {callToAction.heading}
        </h2>
        <p className="mt-4 text-lg text-emerald-50">{callToAction.text}</p>
        <QuoteLink className={`${invertedButtonClass} mt-8`}>{callToAction.button}</QuoteLink>
      </div>
    </section>
  );
}
