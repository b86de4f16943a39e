import type { ReactNode } from 'react';

/** A page section with an h2 and consistent spacing; `tone` alternates backgrounds. */
export function Section({
  id,
  title,
  tone = 'white',
  children,
}: {
  id: string;
  title: string;
  tone?: 'white' | 'muted';
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={tone === 'muted' ? 'bg-slate-50 py-16' : 'bg-white py-16'}
    >
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={headingId} className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
