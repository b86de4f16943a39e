// To the job's hauler when the homeowner rates it (issue 40, item 9): the stars and the comment,
// the homeowner's own words, escaped by the kit's rows like every user text.
import {
  actions,
  email,
  escapeHtml,
  heading,
  paragraph,
  rows,
  subjectSafe,
  table,
} from '../../shared/mail/email-kit';
import type { EmailMessage } from '../../shared/mail/email-kit';
import type { Lead } from '../../shared/models/lead-model';
import { JOB_TEXTS } from '#contract/loop/jobs';

export function ratedEmail(
  lead: Pick<Lead, 'reference'>,
  rating: { stars: number; comment?: string | undefined },
  jobLink: string | undefined,
): EmailMessage {
  const subject = subjectSafe(JOB_TEXTS.ratedSubject(lead.reference, rating.stars));
  const intro = `The homeowner rated job ${lead.reference}: ${rating.stars} of 5 stars. Your rating and any strikes are on your hauler page.`;
  const details = rows([
    ['Reference', lead.reference],
    ['Stars', `${'★'.repeat(rating.stars)}${'☆'.repeat(5 - rating.stars)} (${rating.stars} of 5)`],
    ['Comment', rating.comment],
  ]);
  const button =
    jobLink === undefined ? undefined : actions([{ label: 'View the job', href: jobLink }]);
  return email(
    subject,
    [
      heading(subject),
      paragraph(escapeHtml(intro)),
      table(details.html),
      ...(button === undefined ? [] : [button.html]),
    ],
    [
      subject,
      '',
      intro,
      '',
      ...details.text,
      ...(button === undefined ? [] : ['', ...button.text]),
    ],
  );
}
