import { useEffect } from 'react';

export interface ToastMessage {
  id: number;
  tone: 'success' | 'failure';
  title: string;
  text: string;
}

const TOAST_MS = 6000;

/**
 * A polite live region that announces the latest outcome and hides it after a few seconds. The
 * region is always in the page, so screen readers announce changes to it.
 */
export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onDismiss, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4"
    >
      {toast ? (
        <div
          data-testid="toast"
          data-tone={toast.tone}
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border px-4 py-3 shadow-lg ${
            toast.tone === 'success'
              ? 'border-emerald-300 bg-emerald-50 text-emerald-950'
              : 'border-red-300 bg-red-50 text-red-950'
          }`}
        >
          <p>
            <strong className="font-semibold">{toast.title}</strong>
            {' - '}
            {toast.text}
          </p>
          <button
            type="button"
            onClick={onDismiss}
            className="rounded px-1 font-semibold focus-visible:outline-2"
          >
            <span aria-hidden="true">✕</span>
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
