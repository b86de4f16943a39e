import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';

interface ResultDialogProps {
  open: boolean;
  tone: 'success' | 'failure';
  title: string;
  message: string;
  button: string;
  onClose: () => void;
}

/**
 * 'Quote Request Submitted' or 'Submission Failed'. Headless UI makes it a modal dialog: focus
 * moves into it (to its one button), stays there, and Escape or the button closes it.
 */
export function ResultDialog({ open, tone, title, message, button, onClose }: ResultDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-950/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <div
            aria-hidden="true"
            className={`mx-auto flex size-12 items-center justify-center rounded-full text-2xl font-bold ${
              tone === 'success' ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'
            }`}
          >
            {tone === 'success' ? '✓' : '!'}
          </div>
          <DialogTitle as="h2" className="mt-4 text-center text-xl font-bold text-slate-900">
            {title}
          </DialogTitle>
          <Description className="mt-2 text-center text-slate-700">{message}</Description>
          {/* Headless UI moves focus to the element marked data-autofocus when the dialog opens. */}
          <button
            type="button"
            data-autofocus
            onClick={onClose}
            className={`mt-6 w-full rounded-lg px-4 py-3 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 ${
              tone === 'success'
                ? 'bg-emerald-700 hover:bg-emerald-800 focus-visible:outline-emerald-700'
                : 'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700'
            }`}
          >
            {button}
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
