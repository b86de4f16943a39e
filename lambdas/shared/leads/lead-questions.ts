// Questions before hiring (issue 40): who may ask and answer, and what each page shows. Pure.
// Every way out masks: a question's contact shapes, and an answer's homeowner's own name, phone
// and email too (the offer's rule, contact-mask.ts). Haulers never learn which business asked.
import { withoutContact } from '../text/contact-mask';
import type { Lead } from '../models/lead-model';
import type { StoredQuestion } from '../models/question-model';
import { storedQuotes } from './lead-quotes';
import { OFFER_OPEN_STATUSES } from '#contract/loop/offers';
import { QUESTION_LIMITS, QUESTION_MESSAGES } from '#contract/loop/questions';
import type { QuestionView, QuestionsView } from '#contract/loop/questions';
import type { LeadStatus } from '#contract/loop/quote-loop';

type QuestionFields = Pick<Lead, 'questions'>;

export function questionsOf(lead: QuestionFields): StoredQuestion[] {
  return [...(lead.questions ?? [])];
}

export function questionNumbered(lead: QuestionFields, number: number): StoredQuestion | undefined {
  return questionsOf(lead).find((question) => question.number === number);
}

/** Questions close when their reason ends: a hauler booked, the request declined or cancelled. */
export function questionsOpen(lead: Pick<Lead, 'status'>): boolean {
  return (OFFER_OPEN_STATUSES as readonly LeadStatus[]).includes(lead.status);
}

export function maskedQuestion(question: Pick<StoredQuestion, 'text'>): string {
  return withoutContact(question.text);
}

export function maskedAnswer(lead: Pick<Lead, 'request'>, text: string): string {
  return withoutContact(text, lead.request);
}

/** The offer link asking, as authoriseOffer found it. */
export interface Asker {
  offer: number;
  haulerId: string;
  /** The offer's 48 hours are over. */
  ended?: boolean;
}

type AskFields = Pick<Lead, 'status' | 'questions' | 'quotes'>;

/** Why this offer may not ask now, or undefined: the same rule the page's form follows. */
export function askRefusal(lead: AskFields, asker: Asker): string | undefined {
  // A hauler who gave the job up is out of it, as for quoting (decision 045).
  const gaveUp = storedQuotes(lead).some(
    (quote) => quote.haulerId === asker.haulerId && quote.state === 'withdrawn',
  );
  if (!questionsOpen(lead) || asker.ended === true || gaveUp) return QUESTION_MESSAGES.askClosed;
  const all = questionsOf(lead);
  if (all.filter((question) => question.offer === asker.offer).length >= QUESTION_LIMITS.perOffer) {
    return QUESTION_MESSAGES.tooManyFromYou;
  }
  if (all.length >= QUESTION_LIMITS.perRequest) return QUESTION_MESSAGES.tooManyOnRequest;
  return undefined;
}

/** Why the homeowner may not answer `number` now, or undefined. */
export function answerRefusal(
  lead: Pick<Lead, 'status' | 'questions'>,
  number: number,
): string | undefined {
  const question = questionNumbered(lead, number);
  if (question === undefined) return QUESTION_MESSAGES.questionNumberInvalid;
  if (question.answer !== undefined) return QUESTION_MESSAGES.alreadyAnswered;
  if (!questionsOpen(lead)) return QUESTION_MESSAGES.answerClosed;
  return undefined;
}

function questionView(lead: Lead, question: StoredQuestion): QuestionView {
  return {
    number: question.number,
    text: maskedQuestion(question),
    askedAt: question.at,
    ...(question.answer === undefined
      ? {}
      : { answer: { text: maskedAnswer(lead, question.answer.text), at: question.answer.at } }),
  };
}

/** Who reads: the homeowner's request page (`answers`: its own link), or an offer's page. */
export type QuestionReader =
  { role: 'homeowner'; answers: boolean } | { role: 'hauler'; asker: Asker };

/** The questions as `reader` sees them; undefined when there is nothing to show or do. */
export function questionsView(lead: Lead, reader: QuestionReader): QuestionsView | undefined {
  const all = questionsOf(lead);
  if (reader.role === 'homeowner') {
    const list = all.map((question) => {
      const businessName = lead.offers?.[String(question.offer)]?.businessName;
      return {
        ...questionView(lead, question),
        ...(businessName === undefined ? {} : { askedBy: businessName }),
      };
    });
    const answer =
      reader.answers && all.some((question) => answerRefusal(lead, question.number) === undefined);
    return list.length === 0 ? undefined : { list, can: { ask: false, answer } };
  }
  const { asker } = reader;
  const list = all.map((question) => ({
    ...questionView(lead, question),
    ...(question.offer === asker.offer ? { yours: true } : {}),
  }));
  const refusal = askRefusal(lead, asker);
  const mine = all.filter((question) => question.offer === asker.offer).length;
  const left = Math.max(
    0,
    Math.min(QUESTION_LIMITS.perOffer - mine, QUESTION_LIMITS.perRequest - all.length),
  );
  const open = refusal === undefined;
  if (list.length === 0 && !open) return undefined;
  return {
    list,
    can: { ask: open, answer: false },
    ...(open ? { left } : {}),
    ...(refusal === QUESTION_MESSAGES.askClosed || open ? {} : { limitReached: refusal }),
  };
}
