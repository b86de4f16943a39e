/**
 * The hosted Express onboarding an Account Link opens (`/setup/e/<account>/<link>`): a name and
 * a test bank account, then back to the platform's `return_url`. "Finish later" returns without
 * submitting, as leaving Stripe's onboarding half-way does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../read-body';
import {
  type Account,
  type AccountLink,
  type OnboardingDetails,
  finishOnboarding,
  linkState,
  onboardingUrl,
} from './connect';
import type { Core } from './core';
import { alert, escapeHtml, field, page, redirect, sendHtml } from './page-layout';
import { parseParams } from './params';

/** Stripe's test bank account (https://docs.stripe.com/connect/testing#account-numbers). */
const TEST_ROUTING = '110000000';
const TEST_ACCOUNT = '000123456789';

type Errors = Partial<Record<keyof OnboardingDetails, string>>;

function form(
  core: Core,
  link: AccountLink,
  account: Account,
  values: Partial<OnboardingDetails> = {},
  errors: Errors = {},
): string {
  const first = (['name', 'routingNumber', 'accountNumber'] as const).find((name) => errors[name]);
  return page(
    `Set up payouts – ${core.platformName}`,
    `<h1>Set up payouts with ${escapeHtml(core.platformName)}</h1>
<p>Stripe collects these details for ${escapeHtml(core.platformName)} so that you can be paid${
      account.email ? ` (${escapeHtml(account.email)})` : ''
    }.</p>
${alert(first ? 'Check the details below.' : undefined)}
<form method="post" action="${escapeHtml(onboardingUrl(core, link))}" novalidate>
${field({ name: 'name', label: 'Your full name', autocomplete: 'name', value: values.name ?? account.business_profile.name ?? '', error: errors.name, autofocus: first === 'name' })}
${field({ name: 'routingNumber', label: 'Routing number', hint: `9 digits (test: ${TEST_ROUTING})`, autocomplete: 'off', inputmode: 'numeric', value: values.routingNumber ?? TEST_ROUTING, error: errors.routingNumber, autofocus: first === 'routingNumber' })}
${field({ name: 'accountNumber', label: 'Account number', hint: `4 to 17 digits (test: ${TEST_ACCOUNT})`, autocomplete: 'off', inputmode: 'numeric', value: values.accountNumber ?? TEST_ACCOUNT, error: errors.accountNumber, autofocus: first === 'accountNumber' })}
<button type="submit" name="action" value="finish">Agree and submit</button>
<button type="submit" name="action" value="later" class="secondary" formnovalidate>Finish later</button>
</form>`,
  );
}

function check(
  values: Record<string, string | undefined>,
): { details: OnboardingDetails } | { errors: Errors } {
  const details = {
    name: (values.name ?? '').trim(),
    routingNumber: (values.routingNumber ?? '').replace(/\s/g, ''),
    accountNumber: (values.accountNumber ?? '').replace(/\s/g, ''),
  };
  const errors: Errors = {};
  if (details.name === '') errors.name = 'Enter your full name.';
  if (!/^\d{9}$/.test(details.routingNumber))
    errors.routingNumber = 'Enter the 9-digit routing number.';
  if (!/^\d{4,17}$/.test(details.accountNumber)) {
    errors.accountNumber = 'Enter an account number of 4 to 17 digits.';
  }
  return Object.keys(errors).length > 0 ? { errors } : { details };
}

export async function handleOnboardingPage(
  req: IncomingMessage,
  res: ServerResponse,
  deps: { core: Core; flush: () => void },
): Promise<void> {
  const { core } = deps;
  const match = /^\/setup\/e\/(acct_[A-Za-z0-9]+)\/([A-Za-z0-9]+)$/.exec(
    new URL(req.url ?? '/', 'http://stand-in').pathname,
  );
  const opening = req.method === 'GET';
  const state =
    match === null
      ? ({ kind: 'missing' } as const)
      : linkState(core, match[1]!, match[2]!, opening);
  deps.flush();
  if (state.kind === 'missing' || (req.method !== 'GET' && req.method !== 'POST')) {
    req.resume();
    sendHtml(res, 404, page('Not found', '<h1>This link is not valid</h1>'));
    return;
  }
  if (state.kind === 'redirect') {
    req.resume();
    redirect(res, opening ? 302 : 303, state.url);
    return;
  }
  if (opening) {
    sendHtml(res, 200, form(core, state.link, state.account));
    return;
  }
  const values = parseParams(
    ((await readBody(req, 64 * 1024)) ?? Buffer.alloc(0)).toString(),
  ) as Record<string, string | undefined>;
  if (values.action === 'later') {
    redirect(res, 303, state.link.return_url);
    return;
  }
  const checked = check(values);
  if ('errors' in checked) {
    sendHtml(res, 400, form(core, state.link, state.account, values, checked.errors));
    return;
  }
  finishOnboarding(core, state.account, checked.details);
  deps.flush();
  redirect(res, 303, state.link.return_url);
}
