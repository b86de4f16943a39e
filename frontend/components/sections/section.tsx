import type { ReactNode } from 'react';
import { KEEP_PRERENDERED, useKeepPrerendered } from '../../shared/hydration/keep-prerendered';

/** A page section with an h2 and consistent spacing; `tone` alternates backgrounds. */
export function Section({
  id,
  title,
  tone = 'white',
  staticContent = false,
  children,
}: {
  id: string;
  title: string;
  tone?: 'white' | 'muted';
  /**
   * Nothing in it responds to anything but the browser itself (no handler, no state): over
   * pre-rendered HTML, React keeps it as it is instead of hydrating each element of it.
   */
  staticContent?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  const keep = useKeepPrerendered(id) && staticContent;
  const attributes = {
    id,
    'aria-labelledby': headingId,
    className: tone === 'muted' ? 'bg-slate-50 py-16' : 'bg-white py-16',
  };
  if (keep) {
    return (
      <section
        {...attributes}
        dangerouslySetInnerHTML={KEEP_PRERENDERED}
        suppressHydrationWarning
      />
    );
  }
  return (
    <section {...attributes}>
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={headingId} className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
