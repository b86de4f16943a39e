/**
 * The hosted card page a Checkout Session's `url` opens (`/c/pay/<session id>`): card number,
 * expiry and security code, the authentication step some test cards ask for, a decline shown in
 * place, and a redirect to the session's success URL once the card is saved.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../read-body';
import { TEST_CARD_HINTS, isCard, readCard } from './cards';
import type { FieldErrors } from './cards';
import {
  type CheckoutSession,
  type SetupIntent,
  finishAuthentication,
  pageUrl,
  submitCard,
  successUrl,
} from './checkout';
import type { Core } from './core';
import { alert, escapeHtml, field, page, redirect, sendHtml } from './page-layout';
import { parseParams } from './params';

interface PageDeps {
  core: Core;
  sweep: () => void;
  flush: () => void;
}

interface FormState {
  values?: { number?: string; expiry?: string };
  errors?: FieldErrors;
  message?: string;
}

function cancelLink(session: CheckoutSession): string {
  return session.cancel_url
    ? `<a class="back" href="${escapeHtml(session.cancel_url)}">Cancel and go back</a>`
    : '';
}

function cardForm(core: Core, session: CheckoutSession, state: FormState = {}): string {
  const errors = state.errors ?? {};
  const first = (['number', 'expiry', 'cvc'] as const).find((name) => errors[name]);
  const hints = TEST_CARD_HINTS.map(
    ([number, behaviour]) => `<li><code>${number}</code>: ${escapeHtml(behaviour)}</li>`,
  ).join('');
  return page(
    `Save your card – ${core.platformName}`,
    `<h1>Save your card</h1>
<p>${escapeHtml(core.platformName)} keeps this card for a later payment. Nothing is charged now.</p>
${alert(state.message ?? (first ? 'Check the card details below.' : undefined))}
<form method="post" action="${escapeHtml(pageUrl(core, session))}" novalidate>
${field({ name: 'number', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', value: state.values?.number, error: errors.number, autofocus: first === 'number' || (state.message !== undefined && !first) })}
<div class="row">
<div>${field({ name: 'expiry', label: 'Expiry date', hint: 'MM / YY', autocomplete: 'cc-exp', inputmode: 'numeric', value: state.values?.expiry, error: errors.expiry, autofocus: first === 'expiry' })}</div>
<div>${field({ name: 'cvc', label: 'Security code', hint: '3 digits on the back', autocomplete: 'cc-csc', inputmode: 'numeric', error: errors.cvc, autofocus: first === 'cvc' })}</div>
</div>
<button type="submit">Save card</button>
</form>
${cancelLink(session)}
<details>
<summary>Test card numbers</summary>
<p>Any future expiry date and any 3-digit code.</p>
<ul>${hints}</ul>
</details>`,
  );
}

function authenticationStep(core: Core, session: CheckoutSession, intent: SetupIntent): string {
  const last4 = intent._standin.pending?.number.slice(-4) ?? '';
  return page(
    `Complete authentication – ${core.platformName}`,
    `<h1>Complete authentication</h1>
<p>Your bank asks you to confirm that this card ending in ${escapeHtml(last4)} is yours (a 3D Secure test: choose the outcome).</p>
<form method="post" action="${escapeHtml(`${pageUrl(core, session)}/authenticate`)}">
<button type="submit" name="outcome" value="complete" autofocus>Complete authentication</button>
<button type="submit" name="outcome" value="fail" class="secondary">Fail authentication</button>
</form>
${cancelLink(session)}`,
  );
}

function finished(core: Core, session: CheckoutSession): string {
  if (session.status === 'complete') {
    return page(
      `Card saved – ${core.platformName}`,
      `<h1>Your card is saved</h1>
<p>Nothing was charged.</p>
<p><a href="${escapeHtml(successUrl(session))}">Continue</a></p>`,
    );
  }
  return page(
    `Page expired – ${core.platformName}`,
    `<h1>This page has expired</h1>
<p>Nothing was saved or charged. Go back and start again.</p>
${cancelLink(session)}`,
  );
}

const formText = async (req: IncomingMessage) =>
  parseParams(((await readBody(req, 64 * 1024)) ?? Buffer.alloc(0)).toString()) as Record<
    string,
    string | undefined
  >;

export async function handleCardPage(
  req: IncomingMessage,
  res: ServerResponse,
  deps: PageDeps,
): Promise<void> {
  const { core } = deps;
  const match = /^\/c\/pay\/([A-Za-z0-9_]+)(\/authenticate)?$/.exec(
    new URL(req.url ?? '/', 'http://stand-in').pathname,
  );
  deps.sweep();
  const session =
    match === null ? undefined : core.store.get<CheckoutSession>('checkout_sessions', match[1]!);
  if (session === undefined) {
    req.resume();
    sendHtml(res, 404, page('Not found', '<h1>This page does not exist</h1>'));
    return;
  }
  if (session.status !== 'open') {
    req.resume();
    sendHtml(res, session.status === 'complete' ? 200 : 410, finished(core, session));
    return;
  }
  const intent = core.store.get<SetupIntent>('setup_intents', session.setup_intent)!;
  if (req.method === 'GET' && match?.[2] === undefined) {
    const html =
      intent.status === 'requires_action'
        ? authenticationStep(core, session, intent)
        : cardForm(core, session);
    sendHtml(res, 200, html);
    return;
  }
  if (req.method !== 'POST') {
    req.resume();
    sendHtml(res, 405, page('Not allowed', '<h1>This page takes GET and form POSTs only</h1>'));
    return;
  }
  const form = await formText(req);
  if (match?.[2] !== undefined) {
    const outcome = finishAuthentication(core, session, form.outcome === 'complete');
    deps.flush();
    if (outcome.outcome === 'saved') redirect(res, 303, outcome.redirect);
    else sendHtml(res, 402, cardForm(core, session, { message: outcome.message }));
    return;
  }
  const values = { number: form.number, expiry: form.expiry };
  const read = readCard({ ...values, cvc: form.cvc }, core.clock.now(session.customer));
  if (!isCard(read)) {
    sendHtml(res, 400, cardForm(core, session, { values, errors: read }));
    return;
  }
  const outcome = submitCard(core, session, read);
  deps.flush();
  if (outcome.outcome === 'saved') redirect(res, 303, outcome.redirect);
  else if (outcome.outcome === 'authenticate') {
    sendHtml(res, 200, authenticationStep(core, session, intent));
  } else sendHtml(res, 402, cardForm(core, session, { values, message: outcome.message }));
}
