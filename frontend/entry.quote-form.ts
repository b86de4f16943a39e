/**
 * The home page's quote-form island (docs/decisions/041-home-page-islands.md). The pre-rendered
 * home page hydrates no app: its top bar is the header island (entry.islands.tsx) and its form is
 * this one. Run once the page has loaded, it costs almost nothing until the form is needed: when
 * the visitor comes near its submit button or touches it (or at once for a saved draft or a city
 * link's ZIP), it loads the form's code with React and hydrates the form alone. What was entered
 * meanwhile is kept (the form's own code picks it up, as in the app).
 *
 * It also makes the page's links to the form glide there and focus it, as the app's `QuoteLink`
 * does; before this runs they are plain anchors that jump there.
 */
import { QUOTE_FORM_ROOT_ID, QUOTE_SUBMIT_ID } from './features/quote-form/quote-submit-id';
import { quoteFormWantedAtOnce } from './features/quote-form/location/zip-from-link';
import { QUOTE_FORM_ID } from './shared/quote-form-id';
import { scrollToQuoteForm } from './shared/scroll-to-quote-form';
import { whenNeeded } from './shared/hydration/when-needed-dom';

const area = document.getElementById(QUOTE_FORM_ID);
const root = document.getElementById(QUOTE_FORM_ROOT_ID);
const submit = document.getElementById(QUOTE_SUBMIT_ID);

if (area && root && submit) {
  const hydrate = () =>
    import('./features/quote-form/quote-form-island').then((island) =>
      island.hydrateQuoteForm(root),
    );
  const needed = quoteFormWantedAtOnce() ? Promise.resolve() : whenNeeded(submit, area);
  void needed.then(hydrate);

  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const link = event.target.closest(`a[href="#${QUOTE_FORM_ID}"]`);
    if (link && scrollToQuoteForm()) event.preventDefault();
  });
}
