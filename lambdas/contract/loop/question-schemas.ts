// The questions' bodies, apart from ./questions so that its texts load no zod (decision 040):
// one schema for the form and the function.
import * as z from 'zod/mini';
import { multiLine, strictOptions, trimmedText } from '../core/fields';
import { QUESTION_LIMITS, QUESTION_MESSAGES } from './questions';
import { token } from './quote-loop-schemas';

export const askQuestionRequestSchema = z.strictObject(
  {
    token,
    question: trimmedText(
      QUESTION_LIMITS.question.min,
      QUESTION_LIMITS.question.max,
      QUESTION_MESSAGES.questionInvalid,
      QUESTION_MESSAGES.questionInvalid,
      multiLine('Question'),
    ),
  },
  strictOptions(),
);

export const answerQuestionRequestSchema = z.strictObject(
  {
    token,
    question: z
      .number({ error: QUESTION_MESSAGES.questionNumberInvalid })
      .check(
        z.int(QUESTION_MESSAGES.questionNumberInvalid),
        z.gte(1, QUESTION_MESSAGES.questionNumberInvalid),
        z.lte(QUESTION_LIMITS.perRequest, QUESTION_MESSAGES.questionNumberInvalid),
      ),
    answer: trimmedText(
      QUESTION_LIMITS.answer.min,
      QUESTION_LIMITS.answer.max,
      QUESTION_MESSAGES.answerInvalid,
      QUESTION_MESSAGES.answerInvalid,
      multiLine('Answer'),
    ),
  },
  strictOptions(),
);
