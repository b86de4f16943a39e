// The job as each link sees it (docs/decisions/034-jobs.md): the homeowner, the accepted hauler
// and operations; nobody else gets a `job`. The address is in it for those three only, and for
// the hauler only until the homeowner cancels; receipts and photos never are (short-lived URLs
// come from the job's `proof` endpoint).
import { jobAllowed, jobFacts } from './job-status';
import type { JobActor, JobEvent, JobFacts } from './job-status';
import { jobOf, jobPrice, pickupAddressOf } from './lead-job';
import type { Lead } from '../models/lead-model';
import type { JobView } from '#contract/loop/jobs';

/** Who reads: the homeowner, operations, or the hauler of the job (by id). */
export type JobReader = { role: 'homeowner' | 'operations' } | { role: 'hauler'; haulerId: string };

function can(facts: JobFacts, actor: JobActor | undefined, now: Date) {
  const may = (event: JobEvent) =>
    actor !== undefined && jobAllowed(event, facts, { now, actor, priceDollars: -1 });
  const hauler = actor?.role === 'hauler';
  const homeowner = actor?.role === 'homeowner';
  const pending = facts.job?.priceChanges?.find((change) => change.state === 'pending');
  return {
    address: homeowner && may('address'),
    onMyWay: hauler && may('on-my-way'),
    done: hauler && may('done'),
    cantDo: hauler && may('cant-do'),
    priceChange: hauler && may('price-change'),
    decidePrice:
      homeowner &&
      pending !== undefined &&
      jobAllowed('price-decision', facts, {
        now,
        actor: { role: 'homeowner' },
        change: pending.number,
        answer: 'approve',
      }),
    report: homeowner && may('problem'),
    rate: homeowner && may('rate'),
  };
}

/**
 * The job of the accepted quote, or undefined (no quote accepted, or this hauler's job no longer).
 * `haulerContact`: the accepted hauler's business name and phone, for the homeowner and operations.
 */
export function jobView(
  lead: Lead,
  reader: JobReader,
  now: Date,
  haulerContact?: { businessName: string; phone: string },
): JobView | undefined {
  const job = jobOf(lead);
  const price = jobPrice(lead, job);
  if (job === undefined || price === undefined) return undefined;
  if (reader.role === 'hauler' && job.haulerId !== reader.haulerId) return undefined;
  const facts = jobFacts(lead);
  let actor: JobActor | undefined;
  if (reader.role === 'hauler') actor = { role: 'hauler', haulerId: reader.haulerId };
  else if (reader.role === 'homeowner') actor = { role: 'homeowner' };
  const cancelledAt =
    lead.status === 'cancelled'
      ? (lead.statusHistory.findLast((step) => step.status === 'cancelled')?.at ?? lead.updatedAt)
      : undefined;
  // The address was the hauler's to do the job: a job cancelled takes it back (their contact goes
  // with the booking, in leadView).
  const address =
    cancelledAt !== undefined && reader.role === 'hauler' ? undefined : pickupAddressOf(lead);
  return {
    priceDollars: price,
    ...(cancelledAt === undefined ? {} : { cancelledAt }),
    ...(address === undefined
      ? {}
      : {
          address: {
            street: address.street,
            ...(address.accessNotes === undefined ? {} : { accessNotes: address.accessNotes }),
          },
        }),
    ...(job.onTheWayAt === undefined ? {} : { onTheWayAt: job.onTheWayAt }),
    ...(job.doneAt === undefined ? {} : { doneAt: job.doneAt }),
    ...(job.receipt === undefined
      ? {}
      : {
          receipt: {
            facility: job.receipt.facility,
            contentType: job.receipt.contentType,
            at: job.receipt.at,
          },
        }),
    afterPhotos: job.afterPhotoKeys?.length ?? 0,
    priceChanges: job.priceChanges ?? [],
    ...(job.rating === undefined
      ? {}
      : {
          rating: {
            stars: job.rating.stars,
            ...(job.rating.comment === undefined || job.rating.commentHidden === true
              ? {}
              : { comment: job.rating.comment }),
            at: job.rating.at,
          },
        }),
    ...(haulerContact === undefined
      ? {}
      : {
          hauler: {
            businessName: haulerContact.businessName,
            phone: haulerContact.phone,
          },
        }),
    can: can(facts, actor, now),
  };
}
