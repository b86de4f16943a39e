/**
 * Questions before hiring on the offer page: every question the haulers offered this job asked,
 * with the homeowner's answers (never who asked; this hauler's own marked), and while the offer is
 * open a small form to ask one more. The schema is the function's own (question-schemas).
 */
import { useState } from 'react';
import { Card, Failure, Success } from '../../../components/signed-page/page-parts';
import { QuestionForm } from '../../../components/lead/question-form';
import { QuestionList } from '../../../components/lead/question-list';
import { askQuestionRequestSchema } from '#contract/loop/question-schemas';
import { QUESTION_API_PATHS, QUESTION_LIMITS, QUESTION_TEXTS } from '#contract/loop/questions';
import type { LeadWithJob } from '#contract/loop/jobs';
import type { HaulerLeadView } from '#contract/loop/quote-loop';

export function OfferQuestions({
  lead,
  token,
  onLead,
}: {
  lead: HaulerLeadView;
  token: string;
  onLead: (lead: LeadWithJob) => void;
}) {
  // What the last press did: the state it brings back may take the form away (the limit).
  const [last, setLast] = useState<'asked' | 'refused'>();
  const questions = lead.questions;
  if (questions === undefined) return null;
  const { list, can, left, limitReached } = questions;
  const title =
    can.ask && list.length === 0 ? QUESTION_TEXTS.askHeading : QUESTION_TEXTS.listHeading;
  return (
    <Card title={title}>
      {list.length === 0 ? null : <QuestionList questions={list} />}
      {can.ask ? (
        <div className={list.length === 0 ? undefined : 'mt-6'}>
          {list.length === 0 ? null : (
            <h3 className="mb-2 text-lg font-bold text-slate-900">{QUESTION_TEXTS.askHeading}</h3>
          )}
          <QuestionForm
            id="ask"
            token={token}
            path={QUESTION_API_PATHS.ask}
            schema={askQuestionRequestSchema}
            name="question"
            label={QUESTION_TEXTS.askLabel}
            hint={`${QUESTION_TEXTS.askHint}${left === undefined ? '' : ` ${QUESTION_TEXTS.left(left)}`}`}
            maxLength={QUESTION_LIMITS.question.max}
            submitLabel={QUESTION_TEXTS.askButton}
            doneText={QUESTION_TEXTS.asked}
            onDone={(ok) => setLast(ok ? 'asked' : 'refused')}
            onLead={onLead}
          />
        </div>
      ) : limitReached === undefined ? null : (
        <div className="mt-4 space-y-3">
          {last === 'asked' ? <Success>{QUESTION_TEXTS.asked}</Success> : null}
          {last === 'refused' ? (
            <Failure message={limitReached} />
          ) : (
            <p
              role="status"
              className="rounded-md border border-slate-300 bg-slate-50 p-4 text-slate-900"
            >
              {limitReached}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
