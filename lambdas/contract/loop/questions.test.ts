import { describe, expect, it } from 'vitest';
import { firstMessagePerField } from '#contract/core/fields';
import {
  answerQuestionRequestSchema,
  askQuestionRequestSchema,
} from '#contract/loop/question-schemas';
import { QUESTION_LIMITS, QUESTION_MESSAGES } from '#contract/loop/questions';

const errors = (result: ReturnType<typeof askQuestionRequestSchema.safeParse>) =>
  result.success ? {} : firstMessagePerField(result.error.issues);

describe('the question’s schema, shared by the offer page’s form and the function', () => {
  it('takes a question of the allowed length, trimmed', () => {
    const parsed = askQuestionRequestSchema.safeParse({
      token: 't',
      question: '  Is it upstairs?  ',
    });
    expect(parsed.success && parsed.data.question).toBe('Is it upstairs?');
    const longest = 'x'.repeat(QUESTION_LIMITS.question.max);
    expect(askQuestionRequestSchema.safeParse({ token: 't', question: longest }).success).toBe(
      true,
    );
  });

  it.each([
    ['empty', ''],
    ['too short once trimmed', '   Hi?   '],
    ['too long', 'x'.repeat(QUESTION_LIMITS.question.max + 1)],
    ['not text', 42],
  ])('refuses a question that is %s with the form’s words', (_, question) => {
    expect(errors(askQuestionRequestSchema.safeParse({ token: 't', question }))).toEqual({
      question: QUESTION_MESSAGES.questionInvalid,
    });
  });

  it('refuses a bidi override hidden in a question, and fields it does not know', () => {
    const hidden = errors(
      askQuestionRequestSchema.safeParse({ token: 't', question: 'Is it \u202Eupstairs?' }),
    );
    expect(hidden.question).toMatch(/invisible/i);
    const extra = errors(
      askQuestionRequestSchema.safeParse({
        token: 't',
        question: 'Is it upstairs?',
        haulerId: 'h',
      }),
    );
    expect(Object.keys(extra)).toEqual(['haulerId']);
  });
});

describe('the answer’s schema, shared by the request page’s form and the function', () => {
  it('takes an answer to a question number within the request’s limit', () => {
    const body = { token: 't', question: 1, answer: 'Ground floor.' };
    expect(answerQuestionRequestSchema.safeParse(body).success).toBe(true);
  });

  it.each([0, 1.5, QUESTION_LIMITS.perRequest + 1, '1'])(
    'refuses question number %j',
    (question) => {
      const result = answerQuestionRequestSchema.safeParse({
        token: 't',
        question,
        answer: 'Yes, it is.',
      });
      expect(result.success ? {} : firstMessagePerField(result.error.issues)).toEqual({
        question: QUESTION_MESSAGES.questionNumberInvalid,
      });
    },
  );

  it('refuses an answer too short or too long with the form’s words', () => {
    for (const answer of ['y', 'x'.repeat(QUESTION_LIMITS.answer.max + 1)]) {
      const result = answerQuestionRequestSchema.safeParse({ token: 't', question: 1, answer });
      expect(result.success ? {} : firstMessagePerField(result.error.issues)).toEqual({
        answer: QUESTION_MESSAGES.answerInvalid,
      });
    }
  });
});
