import type { LinkSecretLoader } from '../shared/links/link-secret';
import type { MailerDeps } from '../shared/mail/mailer';
import type { LeadTable } from '../shared/runtime/table-handle';

export interface UpdateLeadDeps extends MailerDeps {
  /** An EMF line (the whole log line) to CloudWatch; unit tests leave it out. */
  emitMetric?: (line: string) => void;
  table: LeadTable;
  secrets: LinkSecretLoader;
  publicBaseUrl: string;
  operationsAddress: string;
}
