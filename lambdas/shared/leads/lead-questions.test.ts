import { describe, expect, it } from 'vitest';
import { askRefusal, maskedAnswer, maskedQuestion, questionsView } from './lead-questions';
import type { Lead } from '../models/lead-model';
import { parseLead } from '../models/lead-model';
import type { StoredQuestion } from '../models/question-model';
import { CONTACT_HIDDEN } from '../text/contact-mask';
import everyAttribute from '../../../test/fixtures/stored/lead-every-attribute.json';
import { QUESTION_LIMITS, QUESTION_MESSAGES } from '#contract/loop/questions';

const base = parseLead(everyAttribute);
const lead = (status: Lead['status'], questions: StoredQuestion[]): Lead => ({
  ...base,
  status,
  questions,
  quotes: [],
});
const asked = (number: number, offer: number, answer?: string): StoredQuestion => ({
  number,
  offer,
  haulerId: offer === 1 ? 'h-desert' : 'h-mesa',
  text: `Question ${number}?`,
  at: '2026-11-26T08:10:00.000Z',
  ...(answer === undefined ? {} : { answer: { text: answer, at: '2026-11-26T08:30:00.000Z' } }),
});
const desert = { offer: 1, haulerId: 'h-desert' };

describe('masking questions and answers', () => {
  it('hides a phone number and an email address in a question', () => {
    expect(maskedQuestion({ text: 'Call (602) 555-0188 or mail me at ann@example.com?' })).toBe(
      `Call ${CONTACT_HIDDEN} or mail me at ${CONTACT_HIDDEN}?`,
    );
  });

  it('hides the homeowner’s own name, phone and email in an answer, spelled any way the mask knows', () => {
    const { name, phone, email } = base.request;
    expect(maskedAnswer(base, `It's ${name}, ring ${phone}, or ${email}. Upstairs.`)).toBe(
      `It's ${CONTACT_HIDDEN}, ring ${CONTACT_HIDDEN}, or ${CONTACT_HIDDEN}. Upstairs.`,
    );
    expect(maskedAnswer(base, 'Dana here: 205 555 0147')).toBe(
      `${CONTACT_HIDDEN} here: ${CONTACT_HIDDEN}`,
    );
  });

  it('leaves a plain answer as typed', () => {
    expect(maskedAnswer(base, 'Ground floor, 3 steps.')).toBe('Ground floor, 3 steps.');
  });
});

describe('who may ask', () => {
  it(`lets one offer ask ${QUESTION_LIMITS.perOffer} questions and refuses the next by name`, () => {
    const mine = [1, 2, 3].slice(0, QUESTION_LIMITS.perOffer - 1).map((n) => asked(n, 1));
    expect(askRefusal(lead('received', mine), desert)).toBeUndefined();
    const full = [...mine, asked(QUESTION_LIMITS.perOffer, 1)];
    expect(askRefusal(lead('received', full), desert)).toBe(QUESTION_MESSAGES.tooManyFromYou);
  });

  it(`refuses every offer once the request holds ${QUESTION_LIMITS.perRequest} questions`, () => {
    const full = Array.from({ length: QUESTION_LIMITS.perRequest }, (_, i) => asked(i + 1, 10 + i));
    expect(askRefusal(lead('quoted', full), desert)).toBe(QUESTION_MESSAGES.tooManyOnRequest);
  });

  it.each(['accepted', 'on-the-way', 'done', 'declined', 'cancelled'] as const)(
    'closes questions when the request is %s',
    (status) => {
      expect(askRefusal(lead(status, []), desert)).toBe(QUESTION_MESSAGES.askClosed);
    },
  );

  it('closes questions to an ended offer and to a hauler who gave the job up', () => {
    expect(askRefusal(lead('quoted', []), { ...desert, ended: true })).toBe(
      QUESTION_MESSAGES.askClosed,
    );
    const gaveUp = { ...lead('received', []), quotes: base.quotes };
    expect(askRefusal(gaveUp, desert)).toBe(QUESTION_MESSAGES.askClosed);
  });
});

describe('what each page shows', () => {
  const questions = [asked(1, 2, 'Ground floor.'), asked(2, 1)];

  it('shows a hauler every question and answer, marks its own, and never names who asked', () => {
    const view = questionsView(lead('quoted', questions), { role: 'hauler', asker: desert });
    expect(view).toEqual({
      list: [
        {
          number: 1,
          text: 'Question 1?',
          askedAt: questions[0]!.at,
          answer: { text: 'Ground floor.', at: '2026-11-26T08:30:00.000Z' },
        },
        { number: 2, text: 'Question 2?', askedAt: questions[1]!.at, yours: true },
      ],
      can: { ask: true, answer: false },
      left: QUESTION_LIMITS.perOffer - 1,
    });
  });

  it('shows the homeowner which business asked, and lets only the request page’s link answer', () => {
    const view = questionsView(lead('quoted', questions), { role: 'homeowner', answers: true });
    expect(view?.list.map((q) => q.askedBy)).toEqual(['Mesa Junk Co', 'Desert Haul LLC']);
    expect(view?.can).toEqual({ ask: false, answer: true });
    const other = questionsView(lead('quoted', questions), { role: 'homeowner', answers: false });
    expect(other?.can.answer).toBe(false);
  });

  it('shows no section to a homeowner without questions, nor to a closed offer without any', () => {
    expect(questionsView(lead('quoted', []), { role: 'homeowner', answers: true })).toBeUndefined();
    expect(questionsView(lead('cancelled', []), { role: 'hauler', asker: desert })).toBeUndefined();
  });
});
