/**
 * Decision 059 on the hauler's ledger: the emails a hauler's change owes are stored in the
 * change's own write. Here the call dies right after that write (every later DynamoDB call
 * throws, as in a Lambda that timed out or crashed there): nothing was sent, yet the outbox's
 * sender later delivers each owed email exactly once, and neither a second run nor the caller's
 * retry sends one twice. A change whose condition fails stores no email.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confirm } from '../../lambdas/hauler-apply/hauler-apply';
import { decide } from '../../lambdas/hauler-review/hauler-review';
import { renewal, renewalUrl } from '../../lambdas/hauler-account/renewal';
import { readAccount } from '../../lambdas/hauler-account/account';
import { runDocumentsJob } from '../../lambdas/hauler-documents/documents-job';
import { recordStrike } from '../../lambdas/shared/haulers/hauler-strikes';
import { haulerLedger } from '../../lambdas/shared/haulers/hauler-mail';
import {
  approveHauler,
  confirmHaulerEmail,
  getHauler,
  pauseHauler,
  rejectHauler,
  removeHauler,
} from '../../lambdas/shared/haulers/hauler-store';
import type { ChangeOptions, HaulerChange } from '../../lambdas/shared/haulers/hauler-store';
import { expireHaulerInsurance } from '../../lambdas/shared/haulers/hauler-certificates';
import { OUTBOX_GRACE_MS, dynamoOutbox, owedItems } from '../../lambdas/shared/mail/outbox';
import { drainOutbox } from '../../lambdas/shared/mail/outbox-sender';
import type { Hauler } from '../../lambdas/shared/models/hauler-model';
import { dyingRightAfter } from '../support/testing-dying-calls';
import { haulerIn } from '../support/testing-haulers';
import {
  NOW,
  OPS,
  PDF,
  deps,
  objects,
  sentMails,
  sign,
  table,
  tokenIn,
  useHaulerWorld,
} from '../support/testing-hauler-world';
import { HAULER_TEXTS } from '#contract/haulers/hauler-api';
import { addDays, utcToday } from '#contract/core/calendar-date';
import { incomingCertificateKey } from '#contract/booking/media-keys';
import { KEY_PREFIXES } from '#contract/core/table-keys';

useHaulerWorld();

const EXPIRES = addDays(utcToday(NOW), 365);
const outbox = () => dynamoOutbox(table);
const withOutbox = (now: Date = NOW) => ({
  ...deps({ now: () => now }),
  outbox: outbox(),
  payments: { setting: 'off' as const },
});
const owedFor = (haulerId: string) => outbox().owedBy({ kind: 'hauler', id: haulerId });
const sentTo = () => sentMails().map((mail) => mail.to);

/** The hauler's profile written: alone, or in a transaction with what it owes. */
function writesTheProfile(name: string, input: unknown): boolean {
  const text = JSON.stringify(input);
  const profile = text.includes(`"${KEY_PREFIXES.hauler}`) && text.includes('"PROFILE"');
  return /^(TransactWriteItems|UpdateItem)/.test(name) && profile;
}

/**
 * Runs `call` with a table that dies right after the hauler's change is written: that write
 * lands, every DynamoDB call after it throws. Returns whether it landed.
 */
const dyingRightAfterTheWrite = (call: () => Promise<unknown>) =>
  dyingRightAfter(table, writesTheProfile, call);

/** The outbox's sender, as the offer job runs it, once the kept emails are due. */
function senderRuns(after: Date = NOW) {
  const later = new Date(after.getTime() + OUTBOX_GRACE_MS + 1_000);
  return drainOutbox(
    {
      ...withOutbox(later),
      sleep: async () => undefined,
      openLedger: (ref) => haulerLedger(table, ref.id),
    },
    { ratePerSecond: 1000, budgetMs: 60_000 },
  );
}

/** Nothing sent by the dead call; the sender sends each owed email once, and no more later. */
async function everyOwedEmailOnce(haulerId: string, recipients: string[], after: Date = NOW) {
  expect(sentMails()).toEqual([]);
  const owed = await owedFor(haulerId);
  expect(owed.map((item) => item.to).sort()).toEqual([...recipients].sort());

  const run = await senderRuns(after);
  expect(run.sent).toBe(recipients.length);
  expect(sentTo().sort()).toEqual([...recipients].sort());
  expect(await owedFor(haulerId)).toEqual([]);
  const ledger = await haulerLedger(table, haulerId);
  expect(owed.map((item) => ledger.status(item.key))).toEqual(owed.map(() => 'sent'));

  expect((await senderRuns(after)).due).toBe(0);
  expect(sentTo().sort()).toEqual([...recipients].sort());
}

const opsToken = (hauler: Hauler) => sign(hauler.haulerId, 'operations', 'review');

describe('an email a hauler’s change owes outlives the call that made the change', () => {
  it('tells operations of a confirmed application once after the call died right after the confirmation', async () => {
    const hauler = await haulerIn(table, 'applied', NOW);
    const token = sign(hauler.haulerId, 'applicant', 'confirm', { number: hauler.linkVersion });
    expect(await dyingRightAfterTheWrite(() => confirm({ token }, withOutbox()))).toBe(true);
    expect((await getHauler(table, hauler.haulerId))?.status).toBe('pending-review');
    await everyOwedEmailOnce(hauler.haulerId, [OPS]);

    // The applicant presses the link again: the notice is sent already.
    expect((await confirm({ token }, withOutbox())).statusCode).toBe(200);
    expect(sentMails()).toHaveLength(1);
  });

  it('emails the approval once after the call died right after the approval', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    const body = { token: opsToken(hauler), decision: 'approve', insuranceExpiresOn: EXPIRES };
    expect(await dyingRightAfterTheWrite(() => decide(body, withOutbox()))).toBe(true);
    expect((await getHauler(table, hauler.haulerId))?.status).toBe('active');
    await everyOwedEmailOnce(hauler.haulerId, [hauler.email]);
    // Rendered before the write, for the hauler it left: its link opens the hauler's page.
    const token = tokenIn(sentMails()[0]!, HAULER_TEXTS.accountLinkButton);
    expect((await readAccount({ token }, withOutbox())).statusCode).toBe(200);

    // Operations press Approve again: the email is sent already.
    expect((await decide(body, withOutbox())).statusCode).toBe(200);
    expect(sentMails()).toHaveLength(1);
  });

  it('emails the rejection once after the call died right after the rejection', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    const body = { token: opsToken(hauler), decision: 'reject', reason: 'The cover has lapsed' };
    expect(await dyingRightAfterTheWrite(() => decide(body, withOutbox()))).toBe(true);
    expect((await getHauler(table, hauler.haulerId))?.status).toBe('rejected');
    await everyOwedEmailOnce(hauler.haulerId, [hauler.email]);
    expect(sentMails()[0]?.text).toContain('The cover has lapsed');
  });

  it('emails a strike once after the call died right after storing it', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const strike = { submissionId: randomUUID(), reference: 'REF00042', at: NOW.toISOString() };
    const record = () =>
      recordStrike({ ...withOutbox(), operationsAddress: OPS }, hauler.haulerId, 'no-show', strike);
    expect(await dyingRightAfterTheWrite(record)).toBe(true);
    expect((await getHauler(table, hauler.haulerId))?.pausedForStrike).toBe(true);
    await everyOwedEmailOnce(hauler.haulerId, [hauler.email]);

    // Operations run the no-show again: the strike stands, its email is sent already.
    expect((await record()).outcome).toBe('already');
    expect(sentMails()).toHaveLength(1);
  });

  it('tells the hauler and operations of an expired certificate once after the job died right after the pause', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const expiry = new Date(`${hauler.insuranceExpiresOn}T13:00:00Z`);
    const job = () => runDocumentsJob(withOutbox(expiry));
    expect(await dyingRightAfterTheWrite(job)).toBe(true);
    expect((await getHauler(table, hauler.haulerId))?.pausedForInsurance).toBe(true);
    await everyOwedEmailOnce(hauler.haulerId, [hauler.email, OPS], expiry);

    // The next run starts from the same day: the pause stands, both emails are sent already.
    expect((await job()).expired).toBe(1);
    expect(sentMails()).toHaveLength(2);
  });

  it('asks operations to review a new certificate once after the call died right after recording it', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    const token = sign(hauler.haulerId, 'hauler', 'manage', { number: hauler.linkVersion });
    const file = { contentType: 'application/pdf', size: PDF.length };
    expect((await renewalUrl({ token, insuranceCertificate: file }, withOutbox())).statusCode).toBe(
      200,
    );
    objects.set(incomingCertificateKey(hauler.haulerId, 'pdf'), {
      body: PDF,
      contentType: 'application/pdf',
    });
    expect(await dyingRightAfterTheWrite(() => renewal({ token }, withOutbox()))).toBe(true);
    expect((await getHauler(table, hauler.haulerId))?.renewal).toBeDefined();
    await everyOwedEmailOnce(hauler.haulerId, [OPS]);

    // The hauler presses Send again: the same upload, already announced.
    expect((await renewal({ token }, withOutbox())).statusCode).toBe(200);
    expect(sentMails()).toHaveLength(1);
  });
});

describe('a hauler’s change that lives', () => {
  it('sends its email once, kept by the change’s own write alone, and leaves the sender nothing', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    const outboxPuts: string[] = [];
    table.client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName);
        if (name.startsWith('PutItem') && JSON.stringify(args.input).includes('"OUTBOX"')) {
          outboxPuts.push(name);
        }
        return next(args);
      },
      { step: 'initialize', name: 'countOutboxPuts' },
    );
    try {
      const body = { token: opsToken(hauler), decision: 'approve', insuranceExpiresOn: EXPIRES };
      expect((await decide(body, withOutbox())).statusCode).toBe(200);
    } finally {
      table.client.middlewareStack.remove('countOutboxPuts');
    }
    expect(outboxPuts).toEqual([]);
    expect(sentTo()).toEqual([hauler.email]);
    expect(await owedFor(hauler.haulerId)).toEqual([]);
    expect((await senderRuns()).due).toBe(0);
    expect(sentMails()).toHaveLength(1);
  });
});

describe('a hauler’s change whose condition fails', () => {
  it('stores no email when another change won the race to the profile', async () => {
    const hauler = await haulerIn(table, 'active', NOW);
    let raced = false;
    // Between the read and the write, the hauler pauses themselves: the strike's write loses.
    table.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (!raced && String(context.commandName).startsWith('TransactWriteItems')) {
          raced = true;
          await pauseHauler(table, hauler.haulerId, { now: NOW, until: addDays(utcToday(NOW), 3) });
          const output = await next(args).catch((error: unknown) => error);
          expect(output).toMatchObject({ name: 'TransactionCanceledException' });
          expect(await owedFor(hauler.haulerId)).toEqual([]);
          throw output;
        }
        return next(args);
      },
      { step: 'initialize', name: 'raceTheStrike' },
    );
    try {
      const strike = {
        submissionId: randomUUID(),
        reference: 'REF00043',
        at: NOW.toISOString(),
      };
      const recorded = await recordStrike(withOutbox(), hauler.haulerId, 'late-cancel', strike);
      // Decided again on the paused hauler: one strike, one email, one write of it.
      expect(recorded.outcome).toBe('recorded');
    } finally {
      table.client.middlewareStack.remove('raceTheStrike');
    }
    expect(raced).toBe(true);
    expect(sentTo()).toEqual([hauler.email]);
    expect(await owedFor(hauler.haulerId)).toEqual([]);
    expect((await getHauler(table, hauler.haulerId))?.strikes).toHaveLength(1);
  });

  it('stores no email when operations decide on an application another decision changed', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    let raced = false;
    table.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (!raced && String(context.commandName).startsWith('TransactWriteItems')) {
          raced = true;
          // Another operator rejects it first, from the command line (no outbox there).
          await decide({ token: opsToken(hauler), decision: 'reject', reason: 'No cover' }, deps());
        }
        return next(args);
      },
      { step: 'initialize', name: 'raceTheApproval' },
    );
    let answer: { statusCode: number } | undefined;
    try {
      const body = { token: opsToken(hauler), decision: 'approve', insuranceExpiresOn: EXPIRES };
      answer = await decide(body, withOutbox());
    } finally {
      table.client.middlewareStack.remove('raceTheApproval');
    }
    expect(raced).toBe(true);
    expect(answer?.statusCode).toBe(409);
    expect((await getHauler(table, hauler.haulerId))?.status).toBe('rejected');
    expect(await owedFor(hauler.haulerId)).toEqual([]);
    // Only the rejection that won was emailed.
    expect(sentMails().map((mail) => mail.text.includes('No cover'))).toEqual([true]);
  });
});

describe('a hauler’s change whose transaction a concurrent write cancelled', () => {
  it('is written on the next try when the profile is as it was read, with its email once', async () => {
    const hauler = await haulerIn(table, 'pending-review', NOW);
    let cancelled = 0;
    // DynamoDB's answer to a concurrent write on one of the transaction's items: nothing written.
    table.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (cancelled === 0 && String(context.commandName).startsWith('TransactWriteItems')) {
          cancelled += 1;
          throw Object.assign(new Error('Transaction cancelled'), {
            name: 'TransactionCanceledException',
            CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
          });
        }
        return next(args);
      },
      { step: 'initialize', name: 'conflictOnce' },
    );
    let answer: { statusCode: number } | undefined;
    try {
      const body = { token: opsToken(hauler), decision: 'approve', insuranceExpiresOn: EXPIRES };
      answer = await decide(body, withOutbox());
    } finally {
      table.client.middlewareStack.remove('conflictOnce');
    }
    expect(cancelled).toBe(1);
    expect(answer?.statusCode).toBe(200);
    expect((await getHauler(table, hauler.haulerId))?.status).toBe('active');
    expect(sentTo()).toEqual([hauler.email]);
    expect(await owedFor(hauler.haulerId)).toEqual([]);
  });
});

describe('the hauler the owed emails are rendered for', () => {
  /** The store's change with a `beside` that records the hauler it is given and owes one item. */
  async function renderedAndStored(
    change: (beside: ChangeOptions['beside']) => Promise<HaulerChange>,
  ): Promise<{ rendered: Hauler | undefined; stored: Hauler | undefined }> {
    let rendered: Hauler | undefined;
    const result = await change(async (next) => {
      rendered = next;
      return owedItems(
        { kind: 'hauler', id: next.haulerId },
        [{ key: 'probe', to: next.email, message: { subject: 's', html: 'h', text: 't' } }],
        NOW,
      );
    });
    expect(result).toMatchObject({ ok: true, changed: true });
    return { rendered, stored: await getHauler(table, rendered!.haulerId) };
  }

  it('is the hauler each change stores, link version and deletion date included', async () => {
    const applied = await haulerIn(table, 'applied', NOW);
    const pending = await haulerIn(table, 'pending-review', NOW);
    const toReject = await haulerIn(table, 'pending-review', NOW);
    const active = await haulerIn(table, 'active', NOW);
    const toRemove = await haulerIn(table, 'active', NOW);
    const cases = [
      (beside: ChangeOptions['beside']) =>
        confirmHaulerEmail(table, applied.haulerId, { now: NOW, beside }),
      (beside: ChangeOptions['beside']) =>
        approveHauler(table, pending.haulerId, { now: NOW, beside, insuranceExpiresOn: EXPIRES }),
      (beside: ChangeOptions['beside']) =>
        rejectHauler(table, toReject.haulerId, { now: NOW, beside, reason: 'No cover' }),
      (beside: ChangeOptions['beside']) =>
        expireHaulerInsurance(table, active.haulerId, { now: NOW, beside }),
      (beside: ChangeOptions['beside']) =>
        removeHauler(table, toRemove.haulerId, { now: NOW, beside }),
    ];
    for (const change of cases) {
      const { rendered, stored } = await renderedAndStored(change);
      expect(rendered).toEqual(stored);
    }
    // The removal's new link version and the rejection's deletion date are the stored ones.
    expect((await getHauler(table, toRemove.haulerId))?.linkVersion).toBe(toRemove.linkVersion + 1);
    expect((await getHauler(table, toReject.haulerId))?.expiresAt).toBeDefined();
  });
});
