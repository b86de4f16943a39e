/**
 * Questions before hiring (issue 40): a hauler asks from its offer link, the homeowner answers
 * from the request page's link. Each is decided on the lead as stored (lead-questions.ts), written
 * in one conditional write (the limits cannot be raced past), and only then emailed through the
 * one mailer under a key of its own (`question-N`, `answer-N`): a retry never sends twice. The
 * emails carry the texts masked as every page shows them (lead-questions.ts), escaped by
 * email-kit's rows.
 */
import { getHauler } from '../shared/haulers/hauler-store';
import { takesOffers } from '../shared/haulers/hauler-rules';
import { authoriseLink } from '../shared/auth/link-auth';
import { refusedLinkResult } from '../shared/auth/link-results';
import type { LinkHolder } from '../shared/auth/link-view';
import { applyChange } from '../shared/leads/lead-change';
import type { ChangeDecision } from '../shared/leads/lead-change';
import {
  answerRefusal,
  askRefusal,
  maskedAnswer,
  maskedQuestion,
  questionNumbered,
  questionsOf,
} from '../shared/leads/lead-questions';
import {
  actions,
  email,
  greeting,
  heading,
  multiline,
  paragraph,
  rows,
  subjectSafe,
  table,
} from '../shared/mail/email-kit';
import type { EmailMessage, Row } from '../shared/mail/email-kit';
import type { Lead } from '../shared/models/lead-model';
import type { StoredQuestion } from '../shared/models/question-model';
import { linkClaims, linkUrl, signLink } from '../shared/links/signed-links';
import type { JsonResult } from '../shared/runtime/http';
import { haulerMail, homeownerLink } from './job-links';
import type { JobDeps } from './job-deps';
import type { Mail } from '../shared/mail/mailer';
import { owedWithChange } from '../shared/mail/owed-with-change';
import { answered, badRequest, deliverAll, fieldError, refused } from './respond';
import { HAULER_PAGE_PATHS } from '#contract/core/pages';
import { QUESTION_MESSAGES, QUESTION_TEXTS } from '#contract/loop/questions';
import {
  answerQuestionRequestSchema,
  askQuestionRequestSchema,
} from '#contract/loop/question-schemas';

// The emails: the question to the homeowner, the answer to the hauler who asked.

function build(subject: string, intro: string, details: readonly Row[], button: [string, string]) {
  const safe = subjectSafe(subject);
  const list = rows(details);
  const buttons = actions([{ label: button[0], href: button[1] }]);
  return email(
    safe,
    [heading(safe), paragraph(multiline(intro)), table(list.html), buttons.html],
    [safe, '', intro, '', ...list.text, '', ...buttons.text],
  );
}

/** To the homeowner: a hauler offered the job asks; the answer is given on the request page. */
export function questionAskedEmail(
  lead: Lead,
  question: StoredQuestion,
  businessName: string,
  viewLink: string,
): EmailMessage {
  const intro = `${greeting(lead.request.name)} A hauler offered your pickup (reference ${lead.reference}) has a question before quoting. Your answer goes to every hauler offered the job, without your name, phone or email.`;
  return build(
    QUESTION_TEXTS.askedSubject(lead.reference),
    intro,
    [
      ['From', businessName],
      ['Question', maskedQuestion(question)],
    ],
    [QUESTION_TEXTS.answerButtonEmail, viewLink],
  );
}

/** To the hauler who asked: the homeowner's answer, which every offered hauler's page shows. */
export function questionAnsweredEmail(
  lead: Lead,
  question: StoredQuestion,
  offerLink: string,
): EmailMessage {
  const intro = `The homeowner answered your question about job ${lead.reference}. Every hauler offered this job can read the answer on their offer page.`;
  return build(
    QUESTION_TEXTS.answeredSubject(lead.reference),
    intro,
    [
      ['Question', maskedQuestion(question)],
      ['Answer', maskedAnswer(lead, question.answer?.text ?? '')],
    ],
    [QUESTION_TEXTS.viewJobButton, offerLink],
  );
}

/** Beside the status: the request stays as it is, and its timeline gains no step. */
function stays(lead: Lead, refusal: string | undefined): ChangeDecision {
  return refusal === undefined
    ? { kind: 'change', from: lead.status, to: lead.status, history: false }
    : { kind: 'refuse', message: refusal };
}

async function offerLink(deps: JobDeps, lead: Lead, offer: number): Promise<string> {
  const { current } = await deps.secrets();
  const claims = linkClaims(lead.submissionId, 'hauler', 'offer', deps.now(), offer);
  return linkUrl(deps.publicBaseUrl, HAULER_PAGE_PATHS.quote, signLink(claims, current));
}

/** A hauler's question from its offer page, while its offer is open; counted per offer and request. */
export async function askQuestion(
  body: Record<string, unknown>,
  deps: JobDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { hauler: ['offer'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = askQuestionRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const text = parsed.data.question;
  const holder: LinkHolder = { claims: auth.claims, viewer: auth.viewer };
  const asker = {
    offer: auth.claims.quote,
    haulerId: auth.hauler.haulerId,
    ...(auth.viewer.ended === true ? { ended: true } : {}),
  };
  const own = (lead: Lead): StoredQuestion | undefined =>
    questionsOf(lead)
      .filter((question) => question.offer === asker.offer)
      .at(-1);
  const tellHomeowner = async (lead: Lead): Promise<Mail[]> => {
    const question = own(lead);
    if (question === undefined) return [];
    return [
      {
        key: `question-${question.number}`,
        to: lead.request.email,
        message: questionAskedEmail(
          lead,
          question,
          auth.hauler.businessName,
          await homeownerLink(deps, lead, 'view'),
        ),
      },
    ];
  };
  // Rendered before the write and stored with it: a call dying after it loses no email.
  const owed = owedWithChange(deps, (next: Lead) => tellHomeowner(next));
  const applied = await applyChange(
    deps.table,
    auth.lead,
    deps.now(),
    (lead) => stays(lead, askRefusal(lead, asker)),
    {
      beside: owed.beside,
      // The same question again (a double click, a retry after a failed email) is one question.
      isRepeat: (lead) => own(lead)?.text === text,
      patch: (lead) => {
        const question: StoredQuestion = {
          number: questionsOf(lead).length + 1,
          offer: asker.offer,
          haulerId: asker.haulerId,
          text,
          at: deps.now().toISOString(),
        };
        return { questions: [...questionsOf(lead), question] };
      },
    },
  );
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, holder, deps);
  const { lead } = applied;
  const written = owed.written(applied);
  const sent = await deliverAll(
    lead,
    written.length > 0 ? written : await tellHomeowner(lead),
    deps,
  );
  console.info('questions: asked', {
    submissionId: lead.submissionId,
    outcome: applied.kind,
    sent,
  });
  return answered(sent, lead, holder, deps);
}

/** The homeowner's answer from the request page, once per question, while questions are open. */
export async function answerQuestion(
  body: Record<string, unknown>,
  deps: JobDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { homeowner: ['view'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = answerQuestionRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const { question: number, answer } = parsed.data;
  if (questionNumbered(auth.lead, number) === undefined) {
    return fieldError('question', QUESTION_MESSAGES.questionNumberInvalid);
  }
  const holder: LinkHolder = { claims: auth.claims };
  const tellHauler = async (lead: Lead): Promise<Mail[]> => {
    const question = questionNumbered(lead, number);
    const found =
      question === undefined ? undefined : await getHauler(deps.table, question.haulerId);
    // Only to a hauler whose offer link still opens: a paused or removed one is told nothing more.
    const hauler = found !== undefined && takesOffers(found, deps.now()) ? found : undefined;
    if (question === undefined || hauler === undefined) return [];
    return [
      {
        key: `answer-${question.number}`,
        to: hauler.email,
        ...haulerMail(deps),
        message: questionAnsweredEmail(lead, question, await offerLink(deps, lead, question.offer)),
      },
    ];
  };
  // Rendered before the write and stored with it: a call dying after it loses no email.
  const owed = owedWithChange(deps, (next: Lead) => tellHauler(next));
  const applied = await applyChange(
    deps.table,
    auth.lead,
    deps.now(),
    (lead) => stays(lead, answerRefusal(lead, number)),
    {
      beside: owed.beside,
      // The same answer again (a double click, a retry after a failed email) is one answer.
      isRepeat: (lead) => questionNumbered(lead, number)?.answer?.text === answer,
      patch: (lead) => ({
        questions: questionsOf(lead).map((question) =>
          question.number === number
            ? { ...question, answer: { text: answer, at: deps.now().toISOString() } }
            : question,
        ),
      }),
    },
  );
  if (applied.kind === 'refused') return refused(applied.message, applied.lead, holder, deps);
  const { lead } = applied;
  const written = owed.written(applied);
  const sent = await deliverAll(lead, written.length > 0 ? written : await tellHauler(lead), deps);
  console.info('questions: answered', {
    submissionId: lead.submissionId,
    outcome: applied.kind,
    sent,
  });
  return answered(sent, lead, holder, deps);
}
