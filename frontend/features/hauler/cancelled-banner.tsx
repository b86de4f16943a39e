/**
 * The first thing a booked hauler's job and offer pages show once the homeowner cancels: not to go,
 * since when, and that nothing is left to do. Before it, the page looked booked and the only sign
 * was a line at the bottom of the timeline.
 */
import { JOB_TEXTS } from '#contract/loop/jobs';
import { localDate } from '#contract/core/en-us-format';

export function CancelledBanner({ at }: { at: string }) {
  return (
    <section
      aria-labelledby="cancelled-heading"
      className="mb-6 rounded-lg border-2 border-red-700 bg-red-50 p-5"
    >
      <h2 id="cancelled-heading" className="text-xl font-bold text-red-900">
        {JOB_TEXTS.cancelledHeading}
      </h2>
      <p className="mt-2 text-red-950">
        {JOB_TEXTS.cancelledBanner(localDate(new Date(at), { weekday: true }))}
      </p>
    </section>
  );
}
