// The hooks of a test file whose jobs' money moves in dynalite and at the Stripe stand-in (real
// SDK): both started once with an onboarded hauler account; before each test a fresh table, SES
// answering (mocked) and the console's errors and notes kept quiet; after it the stand-in's faults
// cleared.
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { type AwsClientStub, mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { MoneyDeps } from '../../lambdas/shared/payments/money-runner';
import type { PaymentProvider } from '../../lambdas/shared/payments/stripe-payments';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import {
  type TestStandIn,
  onboardedAccount,
  startTestStandIn,
} from '../../scripts/local/stripe/testing';
import { type TestLeadTable, startTestLeadTable } from './testing-leads';
import { standInPayments } from './testing-money';

export interface MoneyWorld {
  /** The file's table, fresh before each test. */
  readonly table: LeadTable;
  /** SES as the code under test reaches it: every send answered. */
  readonly ses: AwsClientStub<SESv2Client>;
  /** The stand-in, from the first test on. */
  readonly standIn: TestStandIn;
  /** The hauler's Express account at the stand-in, onboarded. */
  readonly account: string;
  /** The money runner's dependencies: this table, the payment module on the stand-in, `now`. */
  moneyDeps(now: () => Date): MoneyDeps;
}

/** What a hook of the file's beforeAll set, once it has. */
function started<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the stand-in starts in beforeAll');
  return value;
}

/** Registers the hooks (call it at the top of the file, before its own) and returns their handles. */
export function moneyWorld(): MoneyWorld {
  const table = {} as LeadTable;
  const ses = mockClient(SESv2Client);
  let dynamo: TestLeadTable;
  let standIn: TestStandIn | undefined;
  let account: string | undefined;
  beforeAll(async () => {
    dynamo = await startTestLeadTable();
    standIn = await startTestStandIn();
    account = await onboardedAccount(standIn);
  });
  afterAll(async () => {
    ses.restore();
    await standIn?.close();
    await dynamo.close();
  });
  beforeEach(async () => {
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'm' });
    Object.assign(table, await dynamo.freshTable());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await standIn?.admin('DELETE', '/_standin/faults');
  });
  return {
    table,
    ses,
    get standIn() {
      return started(standIn);
    },
    get account() {
      return started(account);
    },
    moneyDeps: (now) => ({ table, now, provider: standInPayments(started(standIn)) }),
  };
}

/** A Stripe stand-in started once for a test file (closed after it), and the payment module on it. */
export function standInForFile(): {
  readonly standIn: TestStandIn;
  readonly provider: PaymentProvider;
  /** `deps` with payments on against this file's stand-in. */
  paymentsOn<T extends object>(
    deps: T,
  ): T & { payments: { setting: 'on'; provider: PaymentProvider } };
} {
  let standIn: TestStandIn | undefined;
  let provider: PaymentProvider | undefined;
  beforeAll(async () => {
    standIn = await startTestStandIn();
    provider = standInPayments(standIn);
  });
  afterAll(async () => {
    await standIn?.close();
  });
  return {
    get standIn() {
      return started(standIn);
    },
    get provider() {
      return started(provider);
    },
    paymentsOn: (deps) => ({ ...deps, payments: { setting: 'on', provider: started(provider) } }),
  };
}
