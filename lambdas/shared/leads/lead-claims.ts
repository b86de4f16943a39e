// Who sends each email, who copies the media out of quarantine, the confirmation allowance: each a
// conditional write, so of two racing duplicates one wins (decision 012).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { parseLead } from '../models/lead-model';
import type { ConfirmationAllowance, Lead } from '../models/lead-model';
import { getLead } from './lead-store';
import { conditionalWrite, leadKey, unlessConditionFailed } from '../runtime/table-handle';
import type { LeadTable } from '../runtime/table-handle';

/** A 'sending' claim older than this is taken to be from a Lambda that died mid-send. */
const STALE_CLAIM_MS = 60_000;

/**
 * True for the one caller that may send: the email is pending, failed or stale 'sending'. A claim
 * refused on the SDK's retry may be this call's own first attempt, applied but unheard: the claim's
 * time on the lead tells (decision 042).
 */
export async function claimEmail(
  table: LeadTable,
  submissionId: string,
  kind: string,
  now: Date,
): Promise<boolean> {
  const claim = await conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(submissionId),
        UpdateExpression: 'SET #emails.#kind = :sending, #claims.#kind = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(#emails.#kind) OR #emails.#kind IN (:pending, :failed) OR (#emails.#kind = :sending AND #claims.#kind < :stale))',
        ExpressionAttributeNames: { '#emails': 'emails', '#claims': 'emailClaims', '#kind': kind },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':pending': 'pending',
          ':failed': 'failed',
          ':now': now.getTime(),
          ':stale': now.getTime() - STALE_CLAIM_MS,
        },
      }),
    ),
  );
  if (claim.applied) return true;
  if (!claim.retried) return false;
  const lead = await getLead(table, submissionId);
  return lead?.emails[kind] === 'sending' && lead.emailClaims[kind] === now.getTime();
}

/** Held by the creating call from creation; a duplicate gets it after a failure or when stale. */
export async function claimMediaRelease(
  table: LeadTable,
  submissionId: string,
  now: Date,
): Promise<'claimed' | 'done' | 'in-flight'> {
  const claim = await conditionalWrite(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(submissionId),
        UpdateExpression: 'SET #claimed = :now',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(#released) AND (attribute_not_exists(#claimed) OR #claimed < :stale)',
        ExpressionAttributeNames: { '#claimed': 'mediaClaimedAt', '#released': 'mediaReleasedAt' },
        ExpressionAttributeValues: {
          ':now': now.getTime(),
          ':stale': now.getTime() - STALE_CLAIM_MS,
        },
      }),
    ),
  );
  if (claim.applied) return 'claimed';
  const lead = await getLead(table, submissionId);
  if (lead?.mediaReleasedAt !== undefined) return 'done';
  // Refused on the SDK's retry with this call's time on the lead: its own first attempt.
  return claim.retried && lead?.mediaClaimedAt === now.getTime() ? 'claimed' : 'in-flight';
}

/** Records that the media are public, or gives the job back after a failure. */
export async function recordMediaRelease(
  table: LeadTable,
  submissionId: string,
  outcome: 'released' | 'failed',
  now: Date,
): Promise<void> {
  await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: leadKey(submissionId),
      UpdateExpression:
        outcome === 'released' ? 'SET #released = :at REMOVE #claimed' : 'REMOVE #claimed',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames:
        outcome === 'released'
          ? { '#claimed': 'mediaClaimedAt', '#released': 'mediaReleasedAt' }
          : { '#claimed': 'mediaClaimedAt' },
      ...(outcome === 'released'
        ? { ExpressionAttributeValues: { ':at': now.toISOString() } }
        : {}),
    }),
  );
}

/** A failure keeps the SES error name (the retry marker), a withheld email the reason. */
export async function recordEmailOutcome(
  table: LeadTable,
  submissionId: string,
  kind: string,
  outcome:
    | { status: 'sent' }
    | { status: 'failed'; error: string }
    | { status: 'given-up'; error: string }
    | { status: 'withheld'; reason: string },
  now: Date,
): Promise<Lead> {
  const note =
    outcome.status === 'failed' || outcome.status === 'given-up'
      ? outcome.error
      : outcome.status === 'withheld'
        ? outcome.reason
        : undefined;
  const result = await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: leadKey(submissionId),
      UpdateExpression:
        note === undefined
          ? 'SET #emails.#kind = :status, #updatedAt = :at REMOVE #errors.#kind, #claims.#kind'
          : 'SET #emails.#kind = :status, #errors.#kind = :note, #updatedAt = :at REMOVE #claims.#kind',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: {
        '#emails': 'emails',
        '#errors': 'emailErrors',
        '#claims': 'emailClaims',
        '#kind': kind,
        '#updatedAt': 'updatedAt',
      },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':at': now.toISOString(),
        ...(note === undefined ? {} : { ':note': note }),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return parseLead(result.Attributes ?? {});
}

/** Once per lead: a concurrent duplicate keeps, and gets back, the first decision. */
export async function recordConfirmationAllowance(
  table: LeadTable,
  submissionId: string,
  allowance: ConfirmationAllowance,
): Promise<ConfirmationAllowance> {
  const recorded = await unlessConditionFailed(
    table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: leadKey(submissionId),
        UpdateExpression: 'SET #allowance = :allowance',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#allowance)',
        ExpressionAttributeNames: { '#allowance': 'confirmationAllowance' },
        ExpressionAttributeValues: { ':allowance': allowance },
      }),
    ),
  );
  if (recorded !== undefined) return allowance;
  const current = await getLead(table, submissionId);
  if (current?.confirmationAllowance === undefined) throw new Error('Lead not found');
  return current.confirmationAllowance;
}
