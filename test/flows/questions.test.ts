/**
 * Questions before hiring through the real function (job-updates' question and answer paths)
 * against dynalite: what is stored, who is emailed what, the masks, the limits, and that asking
 * ends with its reason (a booked job, an ended offer, a removed hauler).
 */
import { describe, expect, it } from 'vitest';
import { answerQuestion, askQuestion } from '../../lambdas/job-updates/questions';
import { removeHauler } from '../../lambdas/shared/haulers/hauler-store';
import { CONTACT_HIDDEN } from '../../lambdas/shared/text/contact-mask';
import { seedOffers } from '../support/testing-offers';
import { NOW, flowWorld } from './flow-world';
import type { LeadWithJob } from '#contract/loop/jobs';
import { QUESTION_LIMITS, QUESTION_MESSAGES, QUESTION_TEXTS } from '#contract/loop/questions';

const w = flowWorld();

const ask = (question: string, token = w.tokens().offerA) =>
  askQuestion({ token, question }, w.deps());
const answer = (question: number, text: string) =>
  answerQuestion({ token: w.tokens().view, question, answer: text }, w.deps());
const leadIn = (result: { body: string }) =>
  (JSON.parse(result.body) as { lead: LeadWithJob }).lead;
const errorIn = (result: { body: string }) =>
  (JSON.parse(result.body) as { error: { message: string; fields?: Record<string, string> } })
    .error;

describe('a hauler’s question before hiring', () => {
  it('is stored with its offer, emailed once to the homeowner masked, and shown to both offered haulers without who asked', async () => {
    await w.ok(ask('Is it upstairs? Text me on 602 555 0188 or dana.hauls@gmail.com'));
    // A double click, or a retry: the same question is one question and one email.
    await w.ok(ask('Is it upstairs? Text me on 602 555 0188 or dana.hauls@gmail.com'));
    const stored = (await w.lead()).questions;
    expect(stored).toEqual([
      expect.objectContaining({ number: 1, offer: 1, haulerId: w.a.haulerId }),
    ]);
    const mails = w.mails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([w.homeownerEmail]);
    expect(mails[0]!.subject).toBe(QUESTION_TEXTS.askedSubject((await w.lead()).reference));
    for (const part of [mails[0]!.text, mails[0]!.html]) {
      expect(part).toContain(`Is it upstairs? Text me on ${CONTACT_HIDDEN} or ${CONTACT_HIDDEN}`);
      expect(part).not.toMatch(/555 0188|dana\.hauls/);
    }
    expect(mails[0]!.text).toContain('From: Desert Haul Co');
    expect(mails[0]!.text).toContain(`${QUESTION_TEXTS.answerButtonEmail}: https://`);

    const other = JSON.parse(await w.reads(w.tokens().offerB)) as LeadWithJob;
    expect(other.questions?.list).toEqual([
      {
        number: 1,
        text: `Is it upstairs? Text me on ${CONTACT_HIDDEN} or ${CONTACT_HIDDEN}`,
        askedAt: NOW.toISOString(),
      },
    ]);
    expect(JSON.stringify(other)).not.toContain('Desert Haul');
    const own = JSON.parse(await w.reads(w.tokens().offerA)) as LeadWithJob;
    expect(own.questions?.list[0]?.yours).toBe(true);
    expect(own.questions?.left).toBe(QUESTION_LIMITS.perOffer - 1);
    const homeowner = JSON.parse(await w.reads(w.tokens().view)) as LeadWithJob;
    expect(homeowner.questions).toMatchObject({
      list: [{ number: 1, askedBy: 'Desert Haul Co' }],
      can: { answer: true },
    });
  });

  it('escapes what the hauler typed in the email’s HTML', async () => {
    await w.ok(ask('<img src=x onerror=alert(1)> is the sofa "big"?'));
    const [mail] = w.mails();
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt; is the sofa &quot;big&quot;?');
    expect(mail!.html).not.toContain('<img src=x');
  });

  it(`is refused past ${QUESTION_LIMITS.perOffer} from one offer with the limit’s words, and nothing is emailed`, async () => {
    for (let i = 1; i <= QUESTION_LIMITS.perOffer; i += 1) await w.ok(ask(`Question number ${i}?`));
    w.forgetMails();
    const refused = await ask('One question too many?');
    expect(refused.statusCode).toBe(409);
    expect(errorIn(refused).message).toBe(QUESTION_MESSAGES.tooManyFromYou);
    expect(leadIn(refused).questions).toMatchObject({
      can: { ask: false },
      limitReached: QUESTION_MESSAGES.tooManyFromYou,
    });
    expect(w.mails()).toEqual([]);
    expect((await w.lead()).questions).toHaveLength(QUESTION_LIMITS.perOffer);
    // The other hauler's offer keeps its own allowance.
    await w.ok(ask('Another hauler asks?', w.tokens().offerB));
  });

  it('lets through no more than the limit when a script sends 20 different questions at once', async () => {
    w.forgetMails();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ask(`Flooded question number ${i + 1}?`)),
    );
    const codes = results.map((result) => result.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(QUESTION_LIMITS.perOffer);
    expect(codes.every((code) => code === 200 || code === 409)).toBe(true);
    expect((await w.lead()).questions).toHaveLength(QUESTION_LIMITS.perOffer);
    // One email to the homeowner per question let through, none for the refused.
    expect(w.mails()).toHaveLength(QUESTION_LIMITS.perOffer);
  });

  it('is refused with the same text as the form shows when it is too short or too long', async () => {
    const short = await ask('Hi?');
    expect(short.statusCode).toBe(400);
    expect(errorIn(short).fields).toEqual({ question: QUESTION_MESSAGES.questionInvalid });
    const long = await ask('x'.repeat(QUESTION_LIMITS.question.max + 1));
    expect(errorIn(long).fields).toEqual({ question: QUESTION_MESSAGES.questionInvalid });
  });

  it('is closed to every offered hauler once the job is booked', async () => {
    await w.bookedWithA();
    const booked = await ask('Can I still ask?', w.tokens().offerB);
    expect(booked.statusCode).toBe(409);
    expect(errorIn(booked).message).toBe(QUESTION_MESSAGES.askClosed);
  });

  it('is refused to an offer whose 48 hours are over', async () => {
    await seedOffers(w.table, w.id, [w.a, w.b], NOW, { endsAt: new Date(NOW.getTime() - 1) });
    const ended = await ask('Is the offer still open?');
    expect(ended.statusCode).toBe(409);
    expect(errorIn(ended).message).toBe(QUESTION_MESSAGES.askClosed);
  });

  it('is refused to a removed hauler, whose link no longer opens', async () => {
    expect((await removeHauler(w.table, w.a.haulerId, { now: w.clock })).ok).toBe(true);
    expect((await ask('Am I still in?')).statusCode).toBe(403);
  });
});

describe('the homeowner’s answer', () => {
  it('reaches the asking hauler alone, masked with the homeowner’s own contact, and every offered hauler’s page', async () => {
    await w.ok(ask('Is it upstairs?'));
    w.forgetMails();
    const lead = await w.lead();
    const typed = `Ground floor. Ask for ${lead.request.name} or call ${lead.request.phone}`;
    await w.ok(answer(1, typed));
    await w.ok(answer(1, typed));
    const mails = w.mails();
    expect(mails.map((mail) => mail.to)).toEqual([[w.a.email]]);
    expect(mails[0]!.subject).toBe(QUESTION_TEXTS.answeredSubject(lead.reference));
    expect(mails[0]!.text).toContain(
      `Answer: Ground floor. Ask for ${CONTACT_HIDDEN} or call ${CONTACT_HIDDEN}`,
    );
    expect(mails[0]!.text).not.toContain(lead.request.phone);
    expect(mails[0]!.text).toContain(
      `${QUESTION_TEXTS.viewJobButton}: https://www.example.com/haulers/quote#t=`,
    );
    const other = JSON.parse(await w.reads(w.tokens().offerB)) as LeadWithJob;
    expect(other.questions?.list[0]?.answer?.text).toBe(
      `Ground floor. Ask for ${CONTACT_HIDDEN} or call ${CONTACT_HIDDEN}`,
    );
  });

  it('is given once per question, names a question of the request, and closes with the request', async () => {
    await w.ok(ask('Is it upstairs?'));
    await w.ok(answer(1, 'No, ground floor.'));
    const again = await answer(1, 'Actually, first floor.');
    expect(again.statusCode).toBe(409);
    expect(errorIn(again).message).toBe(QUESTION_MESSAGES.alreadyAnswered);
    const unknown = await answer(2, 'To nothing.');
    expect(unknown.statusCode).toBe(400);
    expect(errorIn(unknown).fields).toEqual({ question: QUESTION_MESSAGES.questionNumberInvalid });
    await w.ok(ask('Is there parking?', w.tokens().offerB));
    await w.bookedWithA();
    const closed = await answer(2, 'Yes, in the drive.');
    expect(closed.statusCode).toBe(409);
    expect(errorIn(closed).message).toBe(QUESTION_MESSAGES.answerClosed);
  });

  it('is not given from a hauler’s link', async () => {
    await w.ok(ask('Is it upstairs?'));
    const wrong = await answerQuestion(
      { token: w.tokens().offerB, question: 1, answer: 'Not mine to say.' },
      w.deps(),
    );
    expect(wrong.statusCode).toBe(403);
  });
});
