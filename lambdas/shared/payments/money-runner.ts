// Runs a job's money (issue 39, decision 048): an event is stepped through the pure machine and
// stored (conditioned on the version read) BEFORE any write to Stripe, so that a webhook or a
// retry always finds the hold it names; then every write still owed is sent with its key and its
// answer stored as the machine's next event. A write whose answer is lost stays owed: the next run
// (the scheduled money job, a retry) sends it again with the same key, and Stripe replays it.
import {
  type MoneyEvent,
  type MoneyStart,
  type PaymentCommand,
  moneyState,
  pendingCommands,
  startMoney,
  step,
} from './money-machine';
import { getPayment, putPayment } from './payment-store';
import type { Outcome, PaymentProvider } from './stripe-payments';
import type { StoredPayment } from '../models/payment-model';
import type { LeadTable } from '../runtime/table-handle';
import type { MoneyState } from '#contract/money/payments';

export interface MoneyDeps {
  table: LeadTable;
  provider: PaymentProvider;
  now: () => Date;
}

export interface MoneyMoved {
  jobId: string;
  /** Undefined when this call created the job's money. */
  before: MoneyState | undefined;
  after: MoneyState;
  payment: StoredPayment;
  /** Writes still owed after this run (no answer, or Stripe asked to try again). */
  owed: number;
}

/** A job's money is its accepted quote's: a rebooked job (another quote) has money of its own. */
export const moneyJobId = (leadId: string, quoteNumber: number): string =>
  `${leadId}-q${quoteNumber}`;

/** Conflicting writers are rare (a webhook, the scheduled job): read, step and write again. */
const ATTEMPTS = 5;
/** Each run sends a write at most once; a chain (a new hold, then the old one released) is short. */
const MAX_WRITES_PER_RUN = 8;

/** Stripe's answer to one of our writes, as the machine's event; undefined: still owed. */
export function answerEvent(
  command: PaymentCommand,
  outcome: Outcome<Record<string, unknown>>,
  at: string,
): MoneyEvent | undefined {
  if (outcome.outcome === 'retry') return undefined;
  switch (command.kind) {
    case 'place-hold': {
      if (outcome.outcome === 'done') {
        return {
          type: 'hold-placed',
          key: command.key,
          intentId: String(outcome.intentId),
          chargeId: typeof outcome.chargeId === 'string' ? outcome.chargeId : undefined,
          captureBefore:
            typeof outcome.captureBefore === 'string' ? outcome.captureBefore : undefined,
        };
      }
      const intentId =
        outcome.outcome === 'refused' ? undefined : (outcome.intentId as string | undefined);
      return {
        type: 'hold-failed',
        key: command.key,
        at,
        intentId,
        code:
          outcome.outcome === 'authentication-required'
            ? 'authentication_required'
            : outcome.outcome === 'declined'
              ? outcome.code
              : (outcome.code ?? 'refused'),
        declineCode: outcome.outcome === 'declined' ? outcome.declineCode : undefined,
      };
    }
    case 'capture':
      return outcome.outcome === 'done'
        ? { type: 'captured', key: command.key, amountCents: Number(outcome.amountCents) }
        : { type: 'capture-failed', key: command.key };
    case 'release':
      // A refused release (the hold is gone at the bank) is released all the same.
      return { type: 'released', key: command.key };
    case 'refund':
      return outcome.outcome === 'done'
        ? {
            type: 'refunded',
            key: command.key,
            refundId: String(outcome.refundId),
            amountCents: Number(outcome.amountCents),
          }
        : undefined;
    case 'hold-payout':
      // Refused: nothing left to reverse (or no transfer); the hold stays failed, and is logged.
      return outcome.outcome === 'done'
        ? { type: 'payout-held', key: command.key, reversalId: String(outcome.reversalId) }
        : { type: 'payout-move-refused', key: command.key };
    case 'release-payout':
      return outcome.outcome === 'done'
        ? { type: 'payout-released', key: command.key, transferId: String(outcome.transferId) }
        : { type: 'payout-move-refused', key: command.key };
  }
}

function send(provider: PaymentProvider, command: PaymentCommand) {
  switch (command.kind) {
    case 'place-hold':
      return provider.placeHold(command);
    case 'capture':
      return provider.capture(command);
    case 'release':
      return provider.release(command);
    case 'refund':
      return provider.refund(command);
    case 'hold-payout':
      return provider.holdPayout(command);
    case 'release-payout':
      return provider.releasePayout(command);
  }
}

/** The event stepped and stored; undefined when the job has no money. */
export async function stepStored(
  table: LeadTable,
  jobId: string,
  event: MoneyEvent,
): Promise<StoredPayment | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const stored = await getPayment(table, jobId);
    if (stored === undefined) return undefined;
    const next = step(stored.payment, event).state;
    if (JSON.stringify(next) === JSON.stringify(stored.payment)) return next;
    if (await putPayment(table, next, stored.version)) return next;
  }
  throw new Error(`The payment of job ${jobId} changed ${ATTEMPTS} times while applying an event`);
}

/**
 * The job's money after `event` (none: only what is owed): each owed write sent once in this
 * run, each answer stored. Undefined when the job has no money.
 */
export async function advanceMoney(
  deps: MoneyDeps,
  jobId: string,
  event?: MoneyEvent,
): Promise<MoneyMoved | undefined> {
  const first = await getPayment(deps.table, jobId);
  if (first === undefined) return undefined;
  const before = moneyState(first.payment);
  let payment = first.payment;
  if (event !== undefined) {
    const stepped = await stepStored(deps.table, jobId, event);
    if (stepped === undefined) return undefined;
    payment = stepped;
  }
  const sent = new Set<string>();
  for (let writes = 0; writes < MAX_WRITES_PER_RUN; writes += 1) {
    const command = pendingCommands(payment).find((each) => !sent.has(each.key));
    if (command === undefined) break;
    sent.add(command.key);
    const outcome = (await send(deps.provider, command)) as Outcome<Record<string, unknown>>;
    if (outcome.outcome === 'refused') {
      console.error(
        JSON.stringify({
          message: 'payment write refused',
          jobId,
          kind: command.kind,
          key: command.key,
          code: outcome.code,
        }),
      );
    }
    const answer = answerEvent(command, outcome, deps.now().toISOString());
    if (answer === undefined) continue;
    payment = (await stepStored(deps.table, jobId, answer)) ?? payment;
  }
  return {
    jobId,
    before,
    after: moneyState(payment),
    payment,
    owed: pendingCommands(payment).length,
  };
}

/**
 * A job's money begins when its quote is accepted with a saved card: created once (a second call
 * finds it), then `event` (a hold due at acceptance when the pickup is near) is run.
 */
export async function startJobMoney(
  deps: MoneyDeps,
  start: MoneyStart,
  event?: MoneyEvent,
): Promise<MoneyMoved> {
  const created = await putPayment(deps.table, startMoney(start), undefined);
  const moved = await advanceMoney(deps, start.jobId, event);
  if (moved === undefined) throw new Error(`The payment of job ${start.jobId} was not stored`);
  return created ? { ...moved, before: undefined } : moved;
}
