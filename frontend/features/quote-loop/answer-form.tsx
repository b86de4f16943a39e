/** The homeowner's answer to one hauler's question: loaded with the first open question. */
import { QuestionForm } from '../../components/lead/question-form';
import { answerQuestionRequestSchema } from '#contract/loop/question-schemas';
import { QUESTION_API_PATHS, QUESTION_LIMITS, QUESTION_TEXTS } from '#contract/loop/questions';
import type { LeadWithJob } from '#contract/loop/jobs';

export function AnswerForm({
  question,
  token,
  onLead,
}: {
  question: number;
  token: string;
  onLead: (lead: LeadWithJob) => void;
}) {
  return (
    <QuestionForm
      id={`answer-${question}`}
      token={token}
      path={QUESTION_API_PATHS.answer}
      schema={answerQuestionRequestSchema}
      name="answer"
      label={QUESTION_TEXTS.answerLabel}
      maxLength={QUESTION_LIMITS.answer.max}
      submitLabel={QUESTION_TEXTS.answerButton}
      doneText={QUESTION_TEXTS.answered}
      onLead={onLead}
      extra={{ question }}
    />
  );
}
