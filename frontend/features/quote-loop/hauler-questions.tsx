/**
 * "Questions from haulers" on the request page: each question a hauler offered the job asked,
 * who asked, and under each open one a form to answer it. The form (Formik and the function's
 * schema) loads only when there is a question to answer: a request without one loads no zod
 * (docs/decisions/040-schemas-apart-from-texts.md).
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { Card, Success } from '../../components/signed-page/page-parts';
import { QuestionList } from '../../components/lead/question-list';
import { QUESTION_TEXTS } from '#contract/loop/questions';
import type { LeadWithJob } from '#contract/loop/jobs';
import type { HomeownerLeadView } from '#contract/loop/quote-loop';

const AnswerForm = lazy(() =>
  import('./answer-form').then((module) => ({ default: module.AnswerForm })),
);

export function HaulerQuestions({
  lead,
  token,
  onLead,
}: {
  lead: HomeownerLeadView;
  token: string;
  onLead: (lead: LeadWithJob) => void;
}) {
  const [answered, setAnswered] = useState<number>();
  // The form goes with its question's answer: focus goes to the answered question, announced.
  useEffect(() => {
    if (answered !== undefined) document.getElementById(`question-${answered}`)?.focus();
  }, [answered]);
  const questions = lead.questions;
  if (questions === undefined || questions.list.length === 0) return null;
  return (
    <Card title={QUESTION_TEXTS.homeownerHeading}>
      <p className="mb-4 text-slate-800">{QUESTION_TEXTS.homeownerIntro}</p>
      {answered === undefined ? null : (
        <Success className="mb-4">{QUESTION_TEXTS.answered}</Success>
      )}
      <QuestionList
        questions={questions.list}
        answerSlot={
          questions.can.answer
            ? (question) => (
                <div className="mt-3">
                  <Suspense fallback={<p className="text-slate-700">Loading the answer form…</p>}>
                    <AnswerForm
                      question={question.number}
                      token={token}
                      onLead={(next) => {
                        setAnswered(question.number);
                        onLead(next);
                      }}
                    />
                  </Suspense>
                </div>
              )
            : undefined
        }
      />
    </Card>
  );
}
