import { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { QuoteForm } from './quote-form';

/**
 * Hydrates the pre-rendered quote form on its own, as the home page's island
 * (docs/decisions/041-home-page-islands.md): the same tree as inside `QuoteFormSection`'s root
 * element, a Suspense boundary around the form, so the pre-rendered HTML matches it.
 */
export function hydrateQuoteForm(container: Element) {
  hydrateRoot(
    container,
    <Suspense fallback={null}>
      <QuoteForm />
    </Suspense>,
  );
}
