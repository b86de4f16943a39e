/**
 * "On my way" and "Job done" pressed on another day than the booked one ask first: a press a day
 * early (a wrong job opened, a thumb on the wrong button) emails the homeowner at once. Headless UI
 * makes the question a modal dialog: focus moves into it, stays there, and Escape answers "Not
 * yet"; focus then goes back to the button that asked. On the booked day nothing is asked.
 */
import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { buttonClass, secondaryButtonClass } from '../../../components/signed-page/page-parts';
import { formatPickupDate, localIsoDate } from '#contract/core/calendar-date';
import { JOB_TEXTS } from '#contract/loop/jobs';

/** What asks, and what its press does, for the dialog's sentence. */
export type OffDayAction = typeof JOB_TEXTS.onMyWay | typeof JOB_TEXTS.jobDone;

/**
 * `confirm(action)` resolves true at once on the booked day (the hauler's own calendar day), else
 * when the hauler answers "Mark it now"; false on "Not yet" or Escape. Render `dialog` once.
 */
export interface OffDayCheck {
  confirm: (action: OffDayAction) => Promise<boolean>;
  dialog: ReactNode;
}

export function useOffDayCheck(pickupDate: string | undefined): OffDayCheck {
  // The action stays set after the answer, so the closing dialog's sentence never goes blank.
  const [action, setAction] = useState<OffDayAction>(JOB_TEXTS.onMyWay);
  const [pending, setPending] = useState<{ answer: (yes: boolean) => void }>();
  const confirm = (asked: OffDayAction) => {
    if (pickupDate === undefined || localIsoDate(new Date()) === pickupDate) {
      return Promise.resolve(true);
    }
    setAction(asked);
    return new Promise<boolean>((resolve) => setPending({ answer: resolve }));
  };
  const answer = (yes: boolean) => {
    pending?.answer(yes);
    setPending(undefined);
  };
  const dialog =
    pickupDate === undefined ? null : (
      <Dialog open={pending !== undefined} onClose={() => answer(false)} className="relative z-50">
        <div className="fixed inset-0 bg-slate-950/60" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
            <DialogTitle as="h2" className="text-xl font-bold text-slate-900">
              {JOB_TEXTS.offDayQuestion(formatPickupDate(pickupDate))}
            </DialogTitle>
            <Description className="mt-2 text-slate-800">
              Today is {formatPickupDate(localIsoDate(new Date()))}. “{action}” emails the homeowner
              as soon as you mark it.
            </Description>
            <div className="mt-6 flex flex-wrap gap-3">
              {/* The safe answer has the focus: Enter on a stray press changes nothing. */}
              <button
                type="button"
                data-autofocus
                className={secondaryButtonClass}
                onClick={() => answer(false)}
              >
                {JOB_TEXTS.offDayCancel}
              </button>
              <button type="button" className={buttonClass} onClick={() => answer(true)}>
                {JOB_TEXTS.offDayConfirm}
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    );
  return { confirm, dialog };
}
