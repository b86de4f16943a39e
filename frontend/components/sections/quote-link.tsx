import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { QUOTE_FORM_ID, paths } from '../../shared/paths';

/** Scrolls to the quote form, smoothly unless the visitor prefers reduced motion, and focuses it. */
export function scrollToQuoteForm(): boolean {
  const form = document.getElementById(QUOTE_FORM_ID);
  if (!form) return false;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  form.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users land in the form, not back at the button.
  form.focus({ preventScroll: true });
  return true;
}

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
