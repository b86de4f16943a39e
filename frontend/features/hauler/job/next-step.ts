import type { JobView } from '#contract/loop/jobs';

/** The one thing a driver does next on a job: tell the homeowner they are coming, then finish. */
export type NextStep = 'on-my-way' | 'done';

export function nextStep(job: Pick<JobView, 'can'>): NextStep | undefined {
  if (job.can.onMyWay) return 'on-my-way';
  if (job.can.done) return 'done';
  return undefined;
}

/** Where the homeowner's address leads on a map: street, then the request's place. */
export function fullAddress(
  street: string,
  place: { city: string; state: string; zipCode: string },
): string {
  return `${street}, ${place.city}, ${place.state} ${place.zipCode}`;
}
