// A job done and ready to rate, without running the hauler's actions (they have their own tests).
import type { S3Client } from '@aws-sdk/client-s3';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import type { StoredJob } from '../../lambdas/shared/models/job-model';
import { createLead, newLead, updateLeadStatus } from '../../lambdas/shared/leads/lead-store';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { seedAcceptedJob } from './testing-jobs';
import type { SeededJob } from './testing-jobs';
import { bookingRequest } from './testing-leads';

export const RATING_SECRET = Buffer.from('unit-test-link-secret-0123456789abcdef');

/** A booked request for `hauler`, marked done at `doneAt`, with its links. */
export async function seedDoneJob(
  table: LeadTable,
  submissionId: string,
  hauler: Pick<Hauler, 'haulerId' | 'businessName'>,
  doneAt: Date,
  job: Partial<StoredJob> = {},
): Promise<SeededJob> {
  await createLead(table, newLead(bookingRequest({ submissionId }), doneAt));
  const seeded = await seedAcceptedJob(table, submissionId, hauler, doneAt, RATING_SECRET, {
    pickupDate: doneAt.toISOString().slice(0, 10),
  });
  const done = await updateLeadStatus(table, submissionId, {
    from: ['accepted'],
    to: 'done',
    at: doneAt,
    patch: {
      job: { quote: 1, haulerId: hauler.haulerId, doneAt: doneAt.toISOString(), ...job },
    },
  });
  if (!done.ok) throw new Error(`Could not mark the seeded job done: ${done.reason}`);
  return { ...seeded, lead: done.lead };
}

/** The job function's deps (JobDeps) on `table`, with a clock that reads `clock.now`. */
export function ratingDeps(table: LeadTable, clock: { now: Date }, ses: SESv2Client) {
  return {
    table,
    s3: {} as S3Client,
    bucket: 'unit-test-bucket',
    ses,
    sender: 'quotes@example.com',
    secrets: () => Promise.resolve({ current: RATING_SECRET, accepted: [RATING_SECRET] }),
    publicBaseUrl: 'https://www.example.com',
    operationsAddress: 'ops@example.com',
    now: () => clock.now,
  };
}
