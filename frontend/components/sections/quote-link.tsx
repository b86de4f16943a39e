import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../shared/paths';
import { QUOTE_FORM_ID } from '../../shared/quote-form-id';
import { scrollToQuoteForm } from '../../shared/scroll-to-quote-form';

/**
 * A link to the quote form. On the home page it scrolls there in place; elsewhere it navigates to
 * `/#quote-form`. Without JavaScript both are plain anchors that still work.
 */
export function QuoteLink({ className, children }: { className?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  if (pathname === paths.home) {
    return (
      <a
        href={`#${QUOTE_FORM_ID}`}
        className={className}
        onClick={(event) => {
          if (scrollToQuoteForm()) event.preventDefault();
        }}
      >
        {children}
      </a>
    );
  }
  return (
    <Link to={paths.quoteForm} className={className}>
      {children}
    </Link>
  );
}

/** A large button's shape; each colour scheme below adds its own colours. */
const buttonShapeClass =
  'inline-flex items-center justify-center rounded-lg px-6 py-3 text-lg font-semibold shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

export const primaryButtonClass = `${buttonShapeClass} bg-emerald-700 text-white hover:bg-emerald-800`;

/** The same button on an emerald band. */
export const invertedButtonClass = `${buttonShapeClass} bg-white text-emerald-900 hover:bg-emerald-50`;
