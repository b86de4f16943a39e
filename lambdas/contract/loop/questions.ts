// Questions before hiring (issue 40, item 10): a hauler offered the job asks from the offer page,
// the homeowner answers from the request page; both relayed by email with contact masked. Texts,
// limits and the view here; the bodies' schemas in ./question-schemas (decision 040).
// No imports: the views' types (./quote-loop) name it, and the job's paths (./jobs) include its own.

/** Answered by job-updates under its one CloudFront behaviour (`/api/job/*`, JOB_API_PATHS). */
export const QUESTION_API_PATHS = {
  ask: '/api/job/question',
  answer: '/api/job/answer',
} as const;

export const QUESTION_LIMITS = {
  question: { min: 5, max: 300 },
  answer: { min: 2, max: 500 },
  /** Questions one offer link may ask (each emails the homeowner). */
  perOffer: 3,
  /** Questions one request may receive from all its haulers together (each emails the homeowner). */
  perRequest: 10,
} as const;

export const QUESTION_TEXTS = {
  askHeading: 'Ask the homeowner a question',
  askLabel: 'Your question',
  askHint:
    'Every hauler offered this job sees the question and the answer, but not who asked. Leave out your phone and email: they are hidden.',
  askButton: 'Send the question',
  asked: 'Question sent to the homeowner. Their answer arrives by email and shows here.',
  left: (count: number) => `Questions you may still ask: ${count}.`,
  listHeading: 'Questions and answers',
  homeownerHeading: 'Questions from haulers',
  homeownerIntro:
    'Haulers offered your job can ask before they quote. Every one of them sees your answer; your name, phone and email are hidden from them.',
  answerLabel: 'Your answer',
  answerButton: 'Send the answer',
  answered: 'Answer sent. Every hauler offered your job can read it.',
  notAnswered: 'Not answered yet',
  yours: 'Your question',
  askedBy: (businessName: string) => `From ${businessName}`,
  askedSubject: (reference: string) => `A hauler asked about your pickup · ${reference}`,
  answeredSubject: (reference: string) => `The homeowner answered your question · ${reference}`,
  answerButtonEmail: 'Answer on your request page',
  viewJobButton: 'View the job',
} as const;

export const QUESTION_MESSAGES = {
  questionInvalid: `Enter your question (${QUESTION_LIMITS.question.min} to ${QUESTION_LIMITS.question.max} characters)`,
  answerInvalid: `Enter your answer (${QUESTION_LIMITS.answer.min} to ${QUESTION_LIMITS.answer.max} characters)`,
  questionNumberInvalid: 'question must be the number of a question on this request',
  tooManyFromYou: `You have asked ${QUESTION_LIMITS.perOffer} questions about this job, the most one hauler may ask.`,
  tooManyOnRequest: `This request has had ${QUESTION_LIMITS.perRequest} questions, the most one request may receive.`,
  askClosed:
    'Questions are closed: the homeowner has booked a hauler or closed this request, or your offer has ended.',
  answerClosed: 'Questions are closed: this request is booked or closed.',
  alreadyAnswered: 'You have already answered this question.',
} as const;

/** One question as every page shows it: its text and answer with contact hidden, never who asked. */
export interface QuestionView {
  number: number;
  text: string;
  askedAt: string;
  answer?: { text: string; at: string };
  /** On a hauler's page: this hauler asked it. */
  yours?: boolean;
  /** On the homeowner's page only: the business that asked. */
  askedBy?: string;
}

export interface QuestionsView {
  list: QuestionView[];
  can: { ask: boolean; answer: boolean };
  /** On a hauler's page while it may ask: how many more questions it may send. */
  left?: number;
  /** On a hauler's page: the limit that stops it asking more (QUESTION_MESSAGES). */
  limitReached?: string;
}
