/**
 * Checkout Sessions in `mode=setup` and their SetupIntents: the session's `url` is the stand-in's
 * hosted card page (card-page.ts), which saves the card through the functions below.
 */
import { type CardInput, type Decline, TEST_CARDS, cardDetails } from './cards';
import { type Core, type Route, base, load, publicView } from './core';
import type { PaymentMethod } from './customers';
import { paramError, unexpectedState } from './errors';
import { emit } from './events';
import { newId, randomChars } from './ids';
import { at, integer, metadata, text } from './params';
import type { Stored } from './store';

const DAY = 24 * 60 * 60;

export interface CheckoutSession extends Stored {
  object: 'checkout.session';
  mode: 'setup';
  status: 'open' | 'complete' | 'expired';
  customer: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  setup_intent: string;
  metadata: Record<string, string>;
  expires_at: number;
}

export interface SetupIntent extends Stored {
  object: 'setup_intent';
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  customer: string | null;
  payment_method: string | null;
  last_setup_error: Record<string, unknown> | null;
  next_action: Record<string, unknown> | null;
  cancellation_reason: string | null;
  /** The card typed on the page while its authentication step is open. */
  _standin: { pending?: Omit<CardInput, 'card'> };
}

export const pageUrl = (core: Core, session: CheckoutSession) =>
  `${core.origin}/c/pay/${session.id}`;

export const successUrl = (session: CheckoutSession) =>
  session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);

type Saved = { outcome: 'saved'; redirect: string };
type Declined = { outcome: 'declined'; message: string };
export type SetupOutcome = Saved | Declined | { outcome: 'authenticate' };

const intentOf = (core: Core, session: CheckoutSession) =>
  load<SetupIntent>(core, 'setup_intents', session.setup_intent, 'setupintent');

/** What the card page does with a card that passed its field checks. */
export function submitCard(core: Core, session: CheckoutSession, input: CardInput): SetupOutcome {
  const intent = intentOf(core, session);
  const { setup } = input.card;
  if (setup === 'ok') return save(core, session, intent, input);
  if (setup === 'authenticate') {
    intent.status = 'requires_action';
    intent.next_action = {
      type: 'redirect_to_url',
      redirect_to_url: { url: pageUrl(core, session), return_url: pageUrl(core, session) },
    };
    intent._standin.pending = {
      number: input.number,
      expMonth: input.expMonth,
      expYear: input.expYear,
    };
    core.store.put('setup_intents', intent);
    emit(core, 'setup_intent.requires_action', intent, { scope: session.customer });
    return { outcome: 'authenticate' };
  }
  return fail(core, session, intent, { type: 'card_error', ...setup });
}

/** The cardholder's answer on the "Complete authentication" step. */
export function finishAuthentication(
  core: Core,
  session: CheckoutSession,
  succeeded: boolean,
): Saved | Declined {
  const intent = intentOf(core, session);
  const pending = intent._standin.pending;
  if (intent.status !== 'requires_action' || pending === undefined) {
    return { outcome: 'declined', message: 'There is nothing to authenticate: enter your card.' };
  }
  delete intent._standin.pending;
  if (!succeeded) {
    return fail(core, session, intent, {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
  }
  return save(core, session, intent, { ...pending, card: TEST_CARDS[pending.number]! });
}

function fail(
  core: Core,
  session: CheckoutSession,
  intent: SetupIntent,
  error: Partial<Decline> & { type: string; message: string },
): Declined {
  intent.status = 'requires_payment_method';
  intent.next_action = null;
  intent.last_setup_error = error;
  core.store.put('setup_intents', intent);
  emit(core, 'setup_intent.setup_failed', intent, { scope: session.customer });
  return { outcome: 'declined', message: error.message };
}

function save(core: Core, session: CheckoutSession, intent: SetupIntent, input: CardInput): Saved {
  const scope = session.customer;
  const method: PaymentMethod = {
    id: newId('pm'),
    ...base(core, 'payment_method', scope),
    object: 'payment_method',
    type: 'card',
    customer: session.customer,
    card: cardDetails(input),
    billing_details: {
      address: {
        city: null,
        country: null,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      email: null,
      name: null,
      phone: null,
    },
    allow_redisplay: 'unspecified',
    _standin: { number: input.number },
  };
  core.store.put('payment_methods', method);
  if (method.customer !== null) emit(core, 'payment_method.attached', method, { scope });
  Object.assign(intent, {
    status: 'succeeded',
    payment_method: method.id,
    last_setup_error: null,
    next_action: null,
  });
  core.store.put('setup_intents', intent);
  emit(core, 'setup_intent.succeeded', intent, { scope });
  session.status = 'complete';
  session.url = null;
  core.store.put('checkout_sessions', session);
  emit(core, 'checkout.session.completed', session, { scope });
  return { outcome: 'saved', redirect: successUrl(session) };
}

function expireSession(core: Core, session: CheckoutSession): void {
  session.status = 'expired';
  session.url = null;
  core.store.put('checkout_sessions', session);
  const intent = intentOf(core, session);
  Object.assign(intent, {
    status: 'canceled',
    cancellation_reason: 'abandoned',
    next_action: null,
  });
  core.store.put('setup_intents', intent);
  emit(core, 'checkout.session.expired', session, { scope: session.customer });
}

/** Open sessions past their `expires_at`, on their customer's clock. */
export function expireSessions(core: Core): void {
  for (const session of core.store.all<CheckoutSession>('checkout_sessions')) {
    if (session.status === 'open' && core.clock.now(session.customer) >= session.expires_at) {
      expireSession(core, session);
    }
  }
}

export const checkoutRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/checkout/sessions',
    params: [
      'mode',
      'customer',
      'success_url',
      'cancel_url',
      'metadata',
      'currency',
      'payment_method_types',
      'client_reference_id',
      'setup_intent_data',
      'locale',
      'expires_at',
    ],
    run: (core, { params }) => {
      const mode = text(params, ['mode'], true);
      if (mode !== 'setup') {
        throw paramError('The local Stripe stand-in supports mode=setup only', 'mode');
      }
      const successUrlParam = text(params, ['success_url'], true);
      const customer = text(params, ['customer']) ?? null;
      if (customer !== null) load(core, 'customers', customer, 'customer', 'customer');
      const now = core.clock.now(customer);
      const expiresAt = integer(params, ['expires_at']) ?? now + DAY;
      if (expiresAt < now + 30 * 60 || expiresAt > now + DAY) {
        throw paramError(
          'expires_at must be between 30 minutes and 24 hours from now',
          'expires_at',
        );
      }
      const intent: SetupIntent = {
        id: newId('seti'),
        ...base(core, 'setup_intent', customer),
        object: 'setup_intent',
        status: 'requires_payment_method',
        customer,
        payment_method: null,
        usage: 'off_session',
        payment_method_types: ['card'],
        client_secret: '',
        last_setup_error: null,
        next_action: null,
        cancellation_reason: null,
        metadata: metadata({ metadata: at(params, 'setup_intent_data', 'metadata') }) ?? {},
        _standin: {},
      };
      intent.client_secret = `${intent.id}_secret_${randomChars(24)}`;
      core.store.put('setup_intents', intent);
      const session: CheckoutSession = {
        id: `cs_test_${randomChars(58)}`,
        ...base(core, 'checkout.session', customer),
        object: 'checkout.session',
        mode: 'setup',
        status: 'open',
        payment_status: 'no_payment_required',
        customer,
        client_reference_id: text(params, ['client_reference_id']) ?? null,
        currency: text(params, ['currency']) ?? null,
        payment_method_types: ['card'],
        payment_intent: null,
        success_url: successUrlParam,
        cancel_url: text(params, ['cancel_url']) ?? null,
        url: null,
        setup_intent: intent.id,
        metadata: metadata(params) ?? {},
        expires_at: expiresAt,
      };
      session.url = pageUrl(core, session);
      core.store.put('checkout_sessions', session);
      emit(core, 'setup_intent.created', intent, { scope: customer });
      return publicView(session);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/checkout/sessions/:id',
    run: (core, call) =>
      publicView(load(core, 'checkout_sessions', call.path.id!, 'checkout.session')),
  },
  {
    method: 'POST',
    pattern: '/v1/checkout/sessions/:id/expire',
    run: (core, call) => {
      const session = load<CheckoutSession>(
        core,
        'checkout_sessions',
        call.path.id!,
        'checkout.session',
      );
      if (session.status !== 'open') {
        throw unexpectedState('checkout_session', session.id, session.status, 'expired');
      }
      expireSession(core, session);
      return publicView(session);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/setup_intents/:id',
    run: (core, call) => publicView(load(core, 'setup_intents', call.path.id!, 'setupintent')),
  },
];
