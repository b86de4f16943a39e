/**
 * Offers for tests: what an offer round would have written on a lead, without running one (the
 * rounds have tests of their own). Not imported by production code.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { fileOffer } from '../../lambdas/shared/hauler-work/work-store';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { leadKey } from '../../lambdas/shared/runtime/table-handle';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { OFFER_DEFAULTS } from '#contract/loop/offers';
import type { LeadOffer } from '#contract/loop/offers';

/** Offers 1, 2, … to `haulers`, in order, replacing any the lead had. */
export async function seedOffers(
  table: LeadTable,
  submissionId: string,
  haulers: readonly Pick<Hauler, 'haulerId' | 'businessName'>[],
  now: Date,
  options: { endsAt?: Date } = {},
): Promise<void> {
  const offers: Record<string, LeadOffer> = {};
  haulers.forEach((hauler, i) => {
    offers[String(i + 1)] = {
      haulerId: hauler.haulerId,
      businessName: hauler.businessName,
      miles: i,
      round: 1,
      sentAt: now.toISOString(),
      ...(options.endsAt === undefined ? {} : { endsAt: options.endsAt.toISOString() }),
    };
  });
  // As recordOffer files each offer under its hauler (decision 052).
  for (const offer of Object.values(offers)) {
    const endsAt =
      offer.endsAt ?? new Date(now.getTime() + OFFER_DEFAULTS.offerHours * 3_600_000).toISOString();
    await fileOffer(table, offer.haulerId, submissionId, endsAt);
  }
  await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: leadKey(submissionId),
      UpdateExpression: 'SET offers = :offers, offerCount = :count',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':offers': offers, ':count': haulers.length },
    }),
  );
}
