/**
 * Property tests: questions before hiring carry no contact, whichever way it is spelled. A phone
 * number or an email address in a hauler's question or the homeowner's answer reaches every page
 * (the homeowner's and each offered hauler's, lead-questions.ts) as one `[contact hidden]`: the
 * same rule as the offer (contact-mask.ts), so the emails, built from the same masks, do too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { questionsView } from '../../lambdas/shared/leads/lead-questions';
import { parseLead } from '../../lambdas/shared/models/lead-model';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { CONTACT_HIDDEN } from '../../lambdas/shared/text/contact-mask';
import everyAttribute from '../fixtures/stored/lead-every-attribute.json';
import { LEAD_INS, emailSpelling, ordinaryText, phoneSpelling } from './contact-spellings';

const RUNS = 200;
const base = parseLead(everyAttribute);

/** Digits as the rule reads them: after NFKC, in any script. */
const digitsOf = (text: string): string =>
  Array.from(text.normalize('NFKC').matchAll(/\p{Nd}/gu), ([digit]) => digit).join('');

function withQuestion(text: string, answer: string): Lead {
  return {
    ...base,
    status: 'quoted',
    quotes: [],
    questions: [
      {
        number: 1,
        offer: 1,
        haulerId: 'h-desert',
        text,
        at: '2026-11-26T08:10:00.000Z',
        answer: { text: answer, at: '2026-11-26T08:30:00.000Z' },
      },
    ],
  };
}

const pages = (lead: Lead) => [
  questionsView(lead, { role: 'homeowner', answers: true }),
  questionsView(lead, { role: 'hauler', asker: { offer: 1, haulerId: 'h-desert' } }),
  questionsView(lead, { role: 'hauler', asker: { offer: 2, haulerId: 'h-mesa' } }),
];

describe('contact in questions and answers', () => {
  it('hides a phone number written any way, in the question and in the answer, on every page', () => {
    fc.assert(
      fc.property(
        ordinaryText,
        fc.constantFrom(...LEAD_INS),
        phoneSpelling,
        (before, lead, phone) => {
          const text = `${before}. ${lead} ${phone.written} thanks`;
          for (const view of pages(withQuestion(text, text))) {
            const [shown] = view!.list;
            const expected = `${before}. ${lead} ${CONTACT_HIDDEN} thanks`;
            expect(shown!.text, phone.style).toBe(expected);
            expect(digitsOf(shown!.answer!.text), phone.style).toBe(digitsOf(expected));
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('hides an email address written any way, in the question and in the answer, on every page', () => {
    fc.assert(
      fc.property(emailSpelling, (address) => {
        const text = `Is it upstairs? Write to ${address.written} ok`;
        for (const view of pages(withQuestion(text, text))) {
          const [shown] = view!.list;
          expect(shown!.text, address.style).toBe(`Is it upstairs? Write to ${CONTACT_HIDDEN} ok`);
          expect(shown!.answer!.text, address.style).not.toMatch(/[@＠]/u);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
