// The one payment module (issue 39, decision 048): what the functions call to move money, and its
// Stripe implementation over the official SDK. Every write carries the key its caller derived from
// the job and the step, never one of the SDK's own, so a retry in a later process replays.
import Stripe from 'stripe';
import { PAYMENT_TERMS } from '#contract/money/payments';
import type { PaymentCommand } from './money-machine';
import type { PaymentWebhook } from './money-webhooks';
import { payoutState } from './payout-account';
import type { PayoutState } from '#contract/money/payments';

/** A write's plain outcome: the machine turns each into its next event. */
export type Outcome<T> =
  | ({ outcome: 'done' } & T)
  | { outcome: 'declined'; code: string; declineCode?: string; intentId?: string }
  | { outcome: 'authentication-required'; intentId?: string }
  /** No answer, or Stripe's own failure: send it again with the same key. */
  | { outcome: 'retry'; reason: string }
  /** Stripe refused the request itself: a state that moved on, or a bug. */
  | { outcome: 'refused'; code?: string; message: string };

type Command<K extends PaymentCommand['kind']> = Extract<PaymentCommand, { kind: K }>;

export interface PaymentProvider {
  ensureCustomer(input: {
    key: string;
    jobId: string;
    email: string;
    customerId?: string | undefined;
  }): Promise<Outcome<{ customerId: string }>>;
  setupCheckout(input: {
    key: string;
    jobId: string;
    customerId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<Outcome<{ sessionId: string; url: string }>>;
  savedCard(
    sessionId: string,
  ): Promise<{ customerId: string; paymentMethodId: string } | undefined>;
  placeHold(
    command: Command<'place-hold'>,
  ): Promise<Outcome<{ intentId: string; chargeId?: string; captureBefore?: string }>>;
  capture(command: Command<'capture'>): Promise<Outcome<{ amountCents: number }>>;
  release(command: Command<'release'>): Promise<Outcome<object>>;
  refund(command: Command<'refund'>): Promise<Outcome<{ refundId: string; amountCents: number }>>;
  createExpressAccount(input: {
    key: string;
    haulerId: string;
    email: string;
  }): Promise<Outcome<{ accountId: string }>>;
  accountLink(input: {
    key: string;
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<Outcome<{ url: string; expiresAt: number }>>;
  accountState(accountId: string): Promise<PayoutState>;
  /** The job a PaymentIntent of ours names in its metadata; undefined when it is none of ours. */
  intentJob(intentId: string): Promise<string | undefined>;
  /** The event if its signature is Stripe's, before anything else reads it; undefined if not. */
  verifyWebhook(payload: string | Buffer, signature: string): Promise<PaymentWebhook | undefined>;
  /** A dispute holds the hauler's payout: the charge's transfer reversed by the amount (061). */
  holdPayout(command: Command<'hold-payout'>): Promise<Outcome<{ reversalId: string }>>;
  /** A won dispute pays the held amount again: a new transfer from the charge (061). */
  releasePayout(command: Command<'release-payout'>): Promise<Outcome<{ transferId: string }>>;
  /** Operations' text evidence for a dispute, submitted to the bank (decision 058). */
  submitDisputeEvidence(input: {
    key: string;
    disputeId: string;
    evidence: Record<string, string>;
  }): Promise<Outcome<{ submissions: number }>>;
}

export interface StripeSettings {
  /** The secret key: from Secrets Manager in AWS, given directly locally and in tests. */
  secretKey: () => Promise<string>;
  webhookSecret: () => Promise<string>;
  /** The local stand-in: `{ host: '127.0.0.1', port: 4568, protocol: 'http' }`. */
  host?: string | undefined;
  port?: number | undefined;
  protocol?: 'http' | 'https' | undefined;
}

/** Stripe's errors as outcomes; an error of our own setup (a wrong key) is thrown. */
export function outcomeOf(error: unknown): Exclude<Outcome<object>, { outcome: 'done' }> {
  if (error instanceof Stripe.errors.StripeCardError) {
    const intentId = (error.raw as { payment_intent?: { id?: string } }).payment_intent?.id;
    const intent = intentId === undefined ? {} : { intentId };
    if (error.code === 'authentication_required') {
      return { outcome: 'authentication-required', ...intent };
    }
    return {
      outcome: 'declined',
      code: error.code ?? 'card_declined',
      ...(error.decline_code === undefined ? {} : { declineCode: error.decline_code }),
      ...intent,
    };
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return { outcome: 'retry', reason: error.message };
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeIdempotencyError
  ) {
    return {
      outcome: 'refused',
      ...(error.code ? { code: error.code } : {}),
      message: error.message,
    };
  }
  throw error;
}

async function attempt<T>(write: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { outcome: 'done', ...(await write()) };
  } catch (error) {
    return outcomeOf(error);
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

export function stripePayments(settings: StripeSettings): PaymentProvider {
  let client: Promise<Stripe> | undefined;
  const stripe = () =>
    (client ??= settings.secretKey().then(
      (key) =>
        new Stripe(key, {
          ...(settings.host === undefined ? {} : { host: settings.host }),
          ...(settings.port === undefined ? {} : { port: settings.port }),
          ...(settings.protocol === undefined ? {} : { protocol: settings.protocol }),
          // The SDK's retries reuse the key we pass, so they replay instead of charging again.
          maxNetworkRetries: 2,
          telemetry: false,
        }),
    ));
  const verifier = new Stripe('sk_verify_only');
  const currency = PAYMENT_TERMS.currency;

  return {
    ensureCustomer: ({ key, jobId, email, customerId }) =>
      attempt(async () => {
        if (customerId !== undefined) return { customerId };
        const made = await (
          await stripe()
        ).customers.create({ email, metadata: { job: jobId } }, { idempotencyKey: key });
        return { customerId: made.id };
      }),

    setupCheckout: ({ key, jobId, customerId, successUrl, cancelUrl }) =>
      attempt(async () => {
        const session = await (
          await stripe()
        ).checkout.sessions.create(
          {
            mode: 'setup',
            customer: customerId,
            currency,
            success_url: successUrl,
            cancel_url: cancelUrl,
            metadata: { job: jobId },
          },
          { idempotencyKey: key },
        );
        return { sessionId: session.id, url: session.url ?? '' };
      }),

    savedCard: async (sessionId) => {
      const session = await (
        await stripe()
      ).checkout.sessions.retrieve(sessionId, { expand: ['setup_intent'] });
      const intent = session.setup_intent as Stripe.SetupIntent | null;
      const paymentMethodId = idOf(intent?.payment_method);
      const customerId = idOf(session.customer);
      if (session.status !== 'complete' || paymentMethodId === undefined || !customerId) {
        return undefined;
      }
      return { customerId, paymentMethodId };
    },

    placeHold: (command) =>
      attempt(async () => {
        const intent = await (
          await stripe()
        ).paymentIntents.create(
          {
            amount: command.amountCents,
            currency,
            customer: command.customerId,
            payment_method: command.paymentMethodId,
            capture_method: 'manual',
            confirm: true,
            off_session: true,
            transfer_data: { destination: command.destination },
            application_fee_amount: command.feeCents,
            // The key lets a webhook name its hold before our own answer is stored.
            metadata: { job: command.jobId, key: command.key },
            expand: ['latest_charge'],
          },
          { idempotencyKey: command.key },
        );
        const charge = intent.latest_charge as Stripe.Charge | null;
        const before = charge?.payment_method_details?.card?.capture_before;
        return {
          intentId: intent.id,
          ...(charge ? { chargeId: charge.id } : {}),
          ...(before ? { captureBefore: new Date(before * 1000).toISOString() } : {}),
        };
      }),

    capture: (command) =>
      attempt(async () => {
        const intent = await (
          await stripe()
        ).paymentIntents.capture(
          command.intentId,
          { amount_to_capture: command.amountCents, application_fee_amount: command.feeCents },
          { idempotencyKey: command.key },
        );
        return { amountCents: intent.amount_received };
      }),

    release: async (command) => {
      const released = await attempt(async () => {
        await (
          await stripe()
        ).paymentIntents.cancel(command.intentId, {}, { idempotencyKey: command.key });
        return {};
      });
      if (released.outcome !== 'refused') return released;
      // A hold that lapsed at the bank, or was let go before, is released all the same.
      const intent = await (await stripe()).paymentIntents.retrieve(command.intentId);
      return intent.status === 'canceled' ? { outcome: 'done' } : released;
    },

    refund: (command) =>
      attempt(async () => {
        const refund = await (
          await stripe()
        ).refunds.create(
          {
            payment_intent: command.intentId,
            amount: command.amountCents,
            reverse_transfer: true,
            refund_application_fee: true,
          },
          { idempotencyKey: command.key },
        );
        return { refundId: refund.id, amountCents: refund.amount };
      }),

    createExpressAccount: ({ key, haulerId, email }) =>
      attempt(async () => {
        const account = await (
          await stripe()
        ).accounts.create(
          {
            type: 'express',
            email,
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { hauler: haulerId },
          },
          { idempotencyKey: key },
        );
        return { accountId: account.id };
      }),

    accountLink: ({ key, accountId, refreshUrl, returnUrl }) =>
      attempt(async () => {
        const link = await (
          await stripe()
        ).accountLinks.create(
          {
            account: accountId,
            type: 'account_onboarding',
            refresh_url: refreshUrl,
            return_url: returnUrl,
          },
          { idempotencyKey: key },
        );
        return { url: link.url, expiresAt: link.expires_at };
      }),

    accountState: async (accountId) => {
      const account = await (await stripe()).accounts.retrieve(accountId);
      return payoutState(account as unknown as Record<string, unknown>);
    },

    intentJob: async (intentId) => {
      try {
        const intent = await (await stripe()).paymentIntents.retrieve(intentId);
        return intent.metadata.job || undefined;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return undefined;
        throw error;
      }
    },

    verifyWebhook: async (payload, signature) => {
      try {
        const event = verifier.webhooks.constructEvent(
          payload,
          signature,
          await settings.webhookSecret(),
        );
        return event as unknown as PaymentWebhook;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) return undefined;
        throw error;
      }
    },

    holdPayout: (command) =>
      attempt(async () => {
        const client = await stripe();
        const charge = await client.charges.retrieve(command.chargeId);
        const transferId = idOf(charge.transfer);
        if (transferId === undefined) {
          throw new Stripe.errors.StripeInvalidRequestError({
            type: 'invalid_request_error',
            message: `Charge ${command.chargeId} has no transfer to reverse.`,
          });
        }
        const reversal = await client.transfers.createReversal(
          transferId,
          { amount: command.amountCents, metadata: { job: command.jobId, key: command.key } },
          { idempotencyKey: command.key },
        );
        return { reversalId: reversal.id };
      }),

    releasePayout: (command) =>
      attempt(async () => {
        const transfer = await (
          await stripe()
        ).transfers.create(
          {
            amount: command.amountCents,
            currency,
            destination: command.destination,
            source_transaction: command.chargeId,
            transfer_group: `job_${command.jobId}`,
            metadata: { job: command.jobId, key: command.key },
          },
          { idempotencyKey: command.key },
        );
        return { transferId: transfer.id };
      }),

    submitDisputeEvidence: ({ key, disputeId, evidence }) =>
      attempt(async () => {
        const client = await stripe();
        // A bank takes a dispute's evidence once. The key covers a rerun of the same text; a rerun
        // whose text grew meanwhile (an email more in the timeline) has a new key, so ask first.
        const current = await client.disputes.retrieve(disputeId);
        if (current.evidence_details.submission_count > 0) {
          return { submissions: current.evidence_details.submission_count };
        }
        const dispute = await client.disputes.update(
          disputeId,
          { evidence, submit: true },
          { idempotencyKey: key },
        );
        return { submissions: dispute.evidence_details.submission_count };
      }),
  };
}
