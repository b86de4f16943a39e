/**
 * Decision 059: the emails a transition owes are stored in the transition's own write. Here the
 * call dies right after that write (every later DynamoDB call throws, as in a Lambda that timed
 * out or crashed there): nothing was sent, yet the outbox's sender later delivers each owed email
 * exactly once, and neither a second run nor the caller's retry sends one twice.
 */
import { describe, expect, it } from 'vitest';
import { getLead } from '../../lambdas/shared/leads/lead-store';
import { leadLedger, leadRef } from '../../lambdas/shared/mail/mailer';
import { OUTBOX_GRACE_MS, dynamoOutbox } from '../../lambdas/shared/mail/outbox';
import { drainOutbox } from '../../lambdas/shared/mail/outbox-sender';
import { sendBookingEmails } from '../../lambdas/send-booking-emails/send-booking-emails';
import type { SendBookingEmailsDeps } from '../../lambdas/send-booking-emails/send-booking-emails';
import { cancelRequest, decideQuote, sendQuote } from '../../lambdas/update-lead/update-lead';
import { cantDoJob, onMyWay, requestPriceChange } from '../../lambdas/job-updates/hauler-actions';
import { giveAddress } from '../../lambdas/job-updates/homeowner-actions';
import { askQuestion } from '../../lambdas/job-updates/questions';
import { rateJob } from '../../lambdas/job-updates/rating/rating';
import { JOB_ROUTES } from '../../lambdas/job-updates/routes';
import { JOB_API_PATHS } from '#contract/loop/jobs';
import type { JobUploadUrls } from '#contract/loop/jobs';
import { MEDIA_SAMPLES } from '../support/testing';
import { dyingRightAfter } from '../support/testing-dying-calls';
import { bookingRequest } from '../support/testing-leads';
import { OPERATIONS, PICKUP, flowWorld } from './flow-world';
import { KEY_PREFIXES } from '#contract/core/table-keys';

const w = flowWorld();

const withOutbox = () => ({ ...w.deps(), outbox: dynamoOutbox(w.table) });

/** The transition's write: the lead's put or update, alone or in a transaction. */
function writesTheLead(name: string, input: unknown): boolean {
  const touchesLead = JSON.stringify(input).includes(`"${KEY_PREFIXES.lead}`);
  return /^(TransactWriteItems|PutItem|UpdateItem)/.test(name) && touchesLead;
}

/**
 * Runs `call` with a table that dies right after the transition's write (the first write of the
 * lead item): that write lands, every DynamoDB call after it throws. Returns whether it landed.
 */
const dyingRightAfterTheWrite = (call: () => Promise<unknown>) =>
  dyingRightAfter(w.table, writesTheLead, call);

/** The outbox's sender, as the offer job runs it, once the kept emails are due. */
async function senderRuns() {
  w.clock = new Date(w.clock.getTime() + OUTBOX_GRACE_MS + 1_000);
  return drainOutbox(
    {
      ...withOutbox(),
      sleep: async () => undefined,
      openLedger: async (ref) => {
        const lead = await getLead(w.table, ref.id);
        return lead === undefined ? undefined : leadLedger(w.table, lead);
      },
    },
    { ratePerSecond: 1000, budgetMs: 60_000 },
  );
}

const sentTo = () =>
  w
    .mails()
    .map((mail) => mail.to.join(','))
    .sort();
const owedFor = async (id: string) => dynamoOutbox(w.table).owedBy(leadRef(id));

/** Nothing sent by the dead call; the sender sends each owed email once, and no more later. */
async function everyOwedEmailOnce(id: string, recipients: string[]) {
  expect(w.mails()).toEqual([]);
  const owed = await owedFor(id);
  expect(owed.map((item) => item.to).sort()).toEqual([...recipients].sort());

  const run = await senderRuns();
  expect(run.sent).toBe(recipients.length);
  expect(sentTo()).toEqual([...recipients].sort());
  expect(await owedFor(id)).toEqual([]);
  const lead = await getLead(w.table, id);
  expect(owed.map((item) => lead?.emails[item.key])).toEqual(owed.map(() => 'sent'));

  // Once more, later: nothing is left to send.
  expect((await senderRuns()).due).toBe(0);
  expect(sentTo()).toEqual([...recipients].sort());
}

describe('an email a transition owes outlives the call that made the transition', () => {
  it('delivers a sent quote’s email once after the call died right after storing the quote', async () => {
    const quote = {
      token: w.tokens().offerA,
      quote: { priceDollars: 240, pickupDate: PICKUP, pickupWindow: 'morning', hauler: 'x' },
    };
    expect(await dyingRightAfterTheWrite(() => sendQuote(quote, withOutbox()))).toBe(true);
    expect((await w.lead()).status).toBe('quoted');
    await everyOwedEmailOnce(w.id, [w.homeownerEmail]);

    // The hauler presses Send again: the same quote, already emailed, is not emailed twice.
    const again = await sendQuote(quote, withOutbox());
    expect(again.statusCode).toBe(200);
    expect(sentTo()).toEqual([w.homeownerEmail]);
  });

  it('delivers every acceptance email once after the call died right after the booking', async () => {
    await w.twoQuotes();
    w.forgetMails();
    const accept = { token: w.tokens().view, decision: 'accept', quote: 1 };
    expect(await dyingRightAfterTheWrite(() => decideQuote(accept, withOutbox()))).toBe(true);
    expect((await w.lead()).status).toBe('accepted');
    // Operations, the booked hauler, the hauler not chosen and the homeowner.
    await everyOwedEmailOnce(w.id, [OPERATIONS, w.a.email, w.b.email, w.homeownerEmail]);

    // The homeowner's Try Again finds every email sent.
    const again = await decideQuote(accept, withOutbox());
    expect(again.statusCode).toBe(200);
    expect(w.mails()).toHaveLength(4);
  });

  it('delivers a declined quote’s email to operations once after the call died', async () => {
    await w.twoQuotes();
    w.forgetMails();
    const decline = {
      token: w.token(w.id, 'homeowner', 'decline', w.clock, 2),
      decision: 'decline',
    };
    expect(await dyingRightAfterTheWrite(() => decideQuote(decline, withOutbox()))).toBe(true);
    await everyOwedEmailOnce(w.id, [OPERATIONS]);
  });

  it('tells operations and every quoting hauler of a cancellation once after the call died', async () => {
    await w.twoQuotes();
    w.forgetMails();
    const cancel = { token: w.tokens().view };
    expect(await dyingRightAfterTheWrite(() => cancelRequest(cancel, withOutbox()))).toBe(true);
    expect((await w.lead()).status).toBe('cancelled');
    await everyOwedEmailOnce(w.id, [OPERATIONS, w.a.email, w.b.email]);
  });

  it('tells the homeowner of a hauler’s question once after the call died', async () => {
    const question = { token: w.tokens().offerA, question: 'Is it upstairs?' };
    expect(await dyingRightAfterTheWrite(() => askQuestion(question, withOutbox()))).toBe(true);
    await everyOwedEmailOnce(w.id, [w.homeownerEmail]);
  });

  describe('a job update', () => {
    const jobA = () => w.tokens().jobA;
    const dies = async (call: () => Promise<unknown>) => {
      await w.bookedWithA();
      w.forgetMails();
      expect(await dyingRightAfterTheWrite(call)).toBe(true);
    };

    it('tells the homeowner the hauler is on the way once after the call died', async () => {
      await dies(() => onMyWay({ token: jobA() }, withOutbox()));
      expect((await w.lead()).status).toBe('on-the-way');
      await everyOwedEmailOnce(w.id, [w.homeownerEmail]);
    });

    it('asks the homeowner about a new price once after the call died', async () => {
      await dies(() =>
        requestPriceChange(
          { token: jobA(), priceDollars: 300, reason: 'Twice the load in the photos' },
          withOutbox(),
        ),
      );
      await everyOwedEmailOnce(w.id, [w.homeownerEmail]);
    });

    it('tells the homeowner and operations of a job given up once after the call died', async () => {
      await dies(() => cantDoJob()({ token: jobA(), reason: 'Truck broke down' }, withOutbox()));
      await everyOwedEmailOnce(w.id, [w.homeownerEmail, OPERATIONS]);
    });

    it('tells the homeowner and operations the job is done once after the call died', async () => {
      await w.bookedWithA();
      const photo = MEDIA_SAMPLES['image/jpeg'];
      const urls = await JOB_ROUTES[JOB_API_PATHS.uploadUrls]!(
        { token: jobA(), receipt: { contentType: 'image/jpeg', size: photo.length } },
        withOutbox(),
      );
      const { receipt } = JSON.parse(urls.body) as JobUploadUrls;
      w.objects.set(receipt!.key, { body: photo, contentType: 'image/jpeg' });
      w.forgetMails();
      const done = {
        token: jobA(),
        receiptKey: receipt!.key,
        facility: 'Salt River Transfer Station',
      };
      expect(
        await dyingRightAfterTheWrite(() => JOB_ROUTES[JOB_API_PATHS.done]!(done, withOutbox())),
      ).toBe(true);
      expect((await w.lead()).status).toBe('done');
      await everyOwedEmailOnce(w.id, [w.homeownerEmail, OPERATIONS]);
    });

    it('tells the hauler of its rating once after the call died', async () => {
      await w.bookedWithA();
      await w.jobDone();
      w.forgetMails();
      const rating = { token: w.tokens().view, stars: 5 };
      expect(await dyingRightAfterTheWrite(() => rateJob(rating, withOutbox()))).toBe(true);
      await everyOwedEmailOnce(w.id, [w.a.email]);
    });

    it('gives the booked hauler the address once after the call died', async () => {
      await dies(() =>
        giveAddress(
          { token: w.tokens().view, street: '12 Palm Lane', accessNotes: 'Side gate' },
          withOutbox(),
        ),
      );
      await everyOwedEmailOnce(w.id, [w.a.email]);
    });
  });

  it('delivers a new request’s confirmation and operations email once after the call died right after storing it', async () => {
    const fresh = bookingRequest();
    const id = fresh.submissionId;
    const photos = ['1_1.jpg', '1_2.jpg'];
    for (const file of photos) {
      w.objects.set(`incoming/${id}/${file}`, {
        body: MEDIA_SAMPLES['image/jpeg'],
        contentType: 'image/jpeg',
      });
    }
    const request = {
      ...fresh,
      hasVideo: false,
      videoUrl: undefined,
      photoUrls: photos.map((file) => `https://www.example.com/quote-photos/${id}/${file}`),
      photoCount: photos.length,
    };
    const deps: SendBookingEmailsDeps = {
      ...withOutbox(),
      retentionDays: 30,
      dailyConfirmationCap: 500,
    };
    let answer: Awaited<ReturnType<typeof sendBookingEmails>> | undefined;
    const written = await dyingRightAfterTheWrite(async () => {
      answer = await sendBookingEmails(request, deps);
    });
    expect(answer?.statusCode, JSON.stringify(answer)).toBe(500);
    expect(written).toBe(true);
    expect(answer?.statusCode, JSON.stringify(answer)).toBe(500);
    expect(await getLead(w.table, request.submissionId)).toBeDefined();
    await everyOwedEmailOnce(request.submissionId, [request.email, OPERATIONS]);

    // The homeowner's Try Again: the request is stored and both emails are sent.
    const again = await sendBookingEmails(request, deps);
    expect(again.statusCode).toBe(200);
    expect(w.mails()).toHaveLength(2);
  });

  it('sends each email once when the call lives: the immediate try, then a sender with nothing left', async () => {
    const sends = () => w.mails().length;
    // The email is kept by the transaction alone: the immediate try puts no second copy.
    const outboxPuts: string[] = [];
    w.table.client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName);
        if (name.startsWith('PutItem') && JSON.stringify(args.input).includes('"OUTBOX"')) {
          outboxPuts.push(name);
        }
        return next(args);
      },
      { step: 'initialize', name: 'countOutboxPuts' },
    );
    await w.ok(
      sendQuote(
        {
          token: w.tokens().offerA,
          quote: { priceDollars: 240, pickupDate: PICKUP, pickupWindow: 'morning', hauler: 'x' },
        },
        withOutbox(),
      ),
    );
    w.table.client.middlewareStack.remove('countOutboxPuts');
    expect(outboxPuts).toEqual([]);
    expect(sends()).toBe(1);
    expect(await owedFor(w.id)).toEqual([]);
    expect((await senderRuns()).due).toBe(0);
    expect(sends()).toBe(1);
  });

  it('stores no email when the transition itself is refused', async () => {
    await w.ok(w.quote(w.tokens().offerA, 240));
    await w.ok(w.quote(w.tokens().offerB, 300));
    await w.ok(decideQuote({ token: w.tokens().view, decision: 'accept', quote: 1 }, withOutbox()));
    w.forgetMails();
    // B's quote is closed: accepting it now is refused, and owes nothing.
    const refused = await decideQuote(
      { token: w.tokens().view, decision: 'accept', quote: 2 },
      withOutbox(),
    );
    expect(refused.statusCode).toBe(409);
    expect(await owedFor(w.id)).toEqual([]);
    expect(w.mails()).toEqual([]);
  });
});
