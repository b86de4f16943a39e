/**
 * Questions before hiring as every page lists them: each question and its answer, with contact
 * already hidden by the server. A hauler's page marks its own; the homeowner's names who asked and
 * may put an answer form under each open question (`answerSlot`).
 */
import type { ReactNode } from 'react';
import { formatWhen } from './job-parts';
import { QUESTION_TEXTS } from '#contract/loop/questions';
import type { QuestionView } from '#contract/loop/questions';

export function QuestionList({
  questions,
  answerSlot,
}: {
  questions: readonly QuestionView[];
  answerSlot?: (question: QuestionView) => ReactNode;
}) {
  return (
    <ol aria-label={QUESTION_TEXTS.listHeading} className="space-y-4">
      {questions.map((question) => (
        <li
          key={question.number}
          id={`question-${question.number}`}
          tabIndex={-1}
          className="rounded-md border border-slate-300 p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
            {question.askedBy === undefined ? null : (
              <span className="font-semibold text-slate-900">
                {QUESTION_TEXTS.askedBy(question.askedBy)}
              </span>
            )}
            {question.yours === true ? (
              <span className="rounded bg-slate-100 px-2 py-0.5 font-semibold text-slate-900">
                {QUESTION_TEXTS.yours}
              </span>
            ) : null}
            <time dateTime={question.askedAt}>{formatWhen(question.askedAt)}</time>
          </p>
          <p className="mt-1 font-semibold break-words whitespace-pre-line text-slate-900">
            <span className="sr-only">Question: </span>
            {question.text}
          </p>
          {question.answer === undefined ? (
            (answerSlot?.(question) ?? (
              <p className="mt-2 text-slate-700 italic">{QUESTION_TEXTS.notAnswered}</p>
            ))
          ) : (
            <p className="mt-2 border-l-4 border-emerald-700 pl-3 break-words whitespace-pre-line text-slate-800">
              <span className="font-semibold text-slate-900">Answer: </span>
              {question.answer.text}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
