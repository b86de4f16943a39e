/**
 * Connect: Express accounts, and Account Links to the stand-in's hosted onboarding page
 * (onboarding-page.ts). A link lasts 5 minutes on the account's clock and, as in Stripe, can be
 * opened once: an expired or used link sends the browser to `refresh_url` for a fresh one.
 */
import { type Core, type Route, base, load, publicView } from './core';
import { paramError } from './errors';
import { emit, previousOf } from './events';
import { newId, randomChars } from './ids';
import { at, mergeMetadata, metadata, oneOf, text } from './params';
import type { Stored } from './store';

export const LINK_SECONDS = 5 * 60;

const DUE_BEFORE_ONBOARDING = [
  'business_type',
  'external_account',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

export interface Account extends Stored {
  object: 'account';
  type: 'express';
  email: string | null;
  capabilities: Record<string, 'inactive' | 'active'>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: Record<string, unknown> & { currently_due: string[] };
  business_profile: { name: string | null };
  external_accounts: { object: 'list'; data: object[]; has_more: false; url: string };
  metadata: Record<string, string>;
}

export interface AccountLink extends Stored {
  /** The link's secret part of the URL. */
  id: string;
  account: string;
  type: string;
  refresh_url: string;
  return_url: string;
  created: number;
  expires_at: number;
  opened: boolean;
}

export const onboardingUrl = (core: Core, link: AccountLink) =>
  `${core.origin}/setup/e/${link.account}/${link.id}`;

export type LinkState =
  | { kind: 'open'; link: AccountLink; account: Account }
  | { kind: 'redirect'; url: string }
  | { kind: 'missing' };

/** What opening (GET) or submitting (POST) a link's page finds. */
export function linkState(
  core: Core,
  accountId: string,
  token: string,
  opening: boolean,
): LinkState {
  const link = core.store.get<AccountLink>('account_links', token);
  const account = core.store.get<Account>('accounts', accountId);
  if (link === undefined || account === undefined || link.account !== accountId) {
    return { kind: 'missing' };
  }
  if (opening) {
    if (link.opened || core.clock.now(account.id) >= link.expires_at) {
      return { kind: 'redirect', url: link.refresh_url };
    }
    link.opened = true;
    core.store.put('account_links', link);
  } else if (!link.opened) {
    return { kind: 'redirect', url: link.refresh_url };
  }
  return { kind: 'open', link, account };
}

export interface OnboardingDetails {
  name: string;
  routingNumber: string;
  accountNumber: string;
}

/** The hosted onboarding finished: the account can take charges and be paid out. */
export function finishOnboarding(core: Core, account: Account, details: OnboardingDetails): void {
  const fields = [
    'capabilities',
    'charges_enabled',
    'payouts_enabled',
    'details_submitted',
    'requirements',
  ] as const;
  const previous = previousOf(account, fields);
  const capabilities = Object.fromEntries(
    Object.keys(account.capabilities).map((name) => [name, 'active' as const]),
  );
  Object.assign(account, {
    capabilities,
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    business_type: 'individual',
    business_profile: { ...account.business_profile, name: details.name },
    requirements: {
      ...account.requirements,
      currently_due: [],
      eventually_due: [],
      disabled_reason: null,
    },
  });
  account.external_accounts.data = [
    {
      id: newId('ba'),
      object: 'bank_account',
      account: account.id,
      bank_name: 'STRIPE TEST BANK',
      country: 'US',
      currency: 'usd',
      last4: details.accountNumber.slice(-4),
      routing_number: details.routingNumber,
      status: 'new',
      default_for_currency: true,
    },
  ];
  core.store.put('accounts', account);
  emit(core, 'account.updated', account, { account: account.id, previous, scope: account.id });
}

export const connectRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/v1/accounts',
    params: [
      'type',
      'country',
      'email',
      'metadata',
      'capabilities',
      'business_type',
      'business_profile',
    ],
    run: (core, { params }) => {
      const type = oneOf(params, ['type'], ['express', 'standard', 'custom']) ?? 'express';
      if (type !== 'express') {
        throw paramError('The local Stripe stand-in makes Express accounts only', 'type');
      }
      const requested = Object.entries((params.capabilities ?? {}) as Record<string, unknown>)
        .filter(([, value]) => at(value as Record<string, unknown>, 'requested') === 'true')
        .map(([name]) => name);
      const id = newId('acct');
      const account: Account = {
        id,
        ...base(core, 'account'),
        object: 'account',
        type: 'express',
        country: text(params, ['country']) ?? 'US',
        default_currency: 'usd',
        email: text(params, ['email']) ?? null,
        business_type: text(params, ['business_type']) ?? null,
        business_profile: { name: text(params, ['business_profile', 'name']) ?? null },
        capabilities: Object.fromEntries(
          (requested.length > 0 ? requested : ['card_payments', 'transfers']).map((name) => [
            name,
            'inactive' as const,
          ]),
        ),
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: [...DUE_BEFORE_ONBOARDING],
          eventually_due: [...DUE_BEFORE_ONBOARDING],
          past_due: [],
          errors: [],
          current_deadline: null,
          disabled_reason: 'requirements.past_due',
        },
        external_accounts: {
          object: 'list',
          data: [],
          has_more: false,
          url: `/v1/accounts/${id}/external_accounts`,
        },
        settings: { payouts: { schedule: { interval: 'daily', delay_days: 2 } } },
        metadata: metadata(params) ?? {},
      };
      core.store.put('accounts', account);
      return publicView(account);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/accounts/:id',
    run: (core, call) => publicView(load(core, 'accounts', call.path.id!, 'account')),
  },
  {
    method: 'POST',
    pattern: '/v1/accounts/:id',
    params: ['email', 'metadata'],
    run: (core, { params, path }) => {
      const account = load<Account>(core, 'accounts', path.id!, 'account');
      const previous = previousOf(account, ['email', 'metadata']);
      account.email = text(params, ['email']) ?? account.email;
      account.metadata = mergeMetadata(account.metadata, metadata(params));
      core.store.put('accounts', account);
      emit(core, 'account.updated', account, { account: account.id, previous, scope: account.id });
      return publicView(account);
    },
  },
  {
    method: 'POST',
    pattern: '/v1/account_links',
    params: ['account', 'type', 'refresh_url', 'return_url', 'collect', 'collection_options'],
    run: (core, { params }) => {
      const accountId = text(params, ['account'], true);
      load(core, 'accounts', accountId, 'account', 'account');
      const type = oneOf(params, ['type'], ['account_onboarding', 'account_update']);
      if (type === undefined)
        throw paramError('Missing required param: type.', 'type', 'parameter_missing');
      if (type === 'account_update') {
        throw paramError('Express accounts are updated through account_onboarding links', 'type');
      }
      const created = core.clock.now(accountId);
      const link: AccountLink = {
        id: randomChars(32),
        account: accountId,
        type,
        refresh_url: text(params, ['refresh_url'], true),
        return_url: text(params, ['return_url'], true),
        created,
        expires_at: created + LINK_SECONDS,
        opened: false,
      };
      core.store.put('account_links', link);
      return {
        object: 'account_link',
        created,
        expires_at: link.expires_at,
        url: onboardingUrl(core, link),
      };
    },
  },
];
