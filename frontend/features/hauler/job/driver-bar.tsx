/**
 * The job page's bar for the driver (issue 40, item 9): the one next action ("On my way", then
 * "Job done"), the homeowner's phone as call and text links and the directions, kept on screen at
 * the bottom while the page scrolls, so nobody scrolls 1,750 px to the button.
 */
import { buttonClass, secondaryButtonClass } from '../../../components/signed-page/page-parts';
import { ActionButton } from '../../../components/lead/job-parts';
import { smsHref, telHref } from '#contract/core/contact-links';
import { nextStep } from './next-step';
import { JOB_API_PATHS, JOB_TEXTS } from '#contract/loop/jobs';
import type { JobView, LeadWithJob } from '#contract/loop/jobs';

export const JOB_DONE_HEADING_ID = 'job-done-heading';

const linkClass = `${secondaryButtonClass} px-2`;

export function DriverBar({
  job,
  token,
  phone,
  directions,
  onLead,
  confirm,
}: {
  job: JobView;
  token: string;
  /** The homeowner's phone: only once they accepted this hauler's quote. */
  phone: string | undefined;
  /** A maps URL, once the homeowner gave the address. */
  directions: string | undefined;
  onLead: (lead: LeadWithJob) => void;
  /** "On my way" on another day than the booked one asks first. */
  confirm: () => Promise<boolean>;
}) {
  const step = nextStep(job);
  if (step === undefined && phone === undefined && directions === undefined) return null;
  return (
    <div
      role="region"
      aria-label="Next step"
      className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-slate-300 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.12)] sm:rounded-t-lg sm:border-x"
    >
      <div className="sm:flex sm:flex-wrap sm:items-start sm:gap-2">
        {step === 'on-my-way' ? (
          <ActionButton
            token={token}
            path={JOB_API_PATHS.onMyWay}
            label={JOB_TEXTS.onMyWay}
            doneText="The homeowner knows you are on the way."
            onLead={onLead}
            confirm={confirm}
            wide
          />
        ) : null}
        {step === 'done' ? (
          <button
            type="button"
            className={`${buttonClass} w-full sm:w-auto`}
            onClick={() => document.getElementById(JOB_DONE_HEADING_ID)?.focus()}
          >
            {JOB_TEXTS.jobDone}: add the receipt
          </button>
        ) : null}
        {phone === undefined && directions === undefined ? null : (
          <div
            className={`grid grid-cols-3 gap-2 sm:mt-0 sm:flex ${step === undefined ? '' : 'mt-2'}`}
          >
            {phone === undefined ? null : (
              <>
                <a className={linkClass} href={telHref(phone)} aria-label="Call the homeowner">
                  Call
                </a>
                <a className={linkClass} href={smsHref(phone)} aria-label="Text the homeowner">
                  Text
                </a>
              </>
            )}
            {directions === undefined ? null : (
              <a
                className={linkClass}
                href={directions}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Directions to the pickup"
              >
                Directions
              </a>
            )}
          </div>
        )}
      </div>
      {step === 'on-my-way' ? (
        <p className="mt-1 text-sm text-slate-700">
          The homeowner gets an email with your name and phone.
        </p>
      ) : null}
    </div>
  );
}
