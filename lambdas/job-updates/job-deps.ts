import type { S3Client } from '@aws-sdk/client-s3';
import type { LinkSecretLoader } from '../shared/links/link-secret';
import type { MailerDeps } from '../shared/mail/mailer';
import type { LeadTable } from '../shared/runtime/table-handle';

/** What every job action needs; unit tests pass their own clock, table and SES stand-in. */
export interface JobDeps extends MailerDeps {
  table: LeadTable;
  s3: S3Client;
  /** The private bucket: receipts and after-photos under their own prefixes. */
  bucket: string;
  secrets: LinkSecretLoader;
  publicBaseUrl: string;
  operationsAddress: string;
  haulerConfigurationSet?: string;
  operationsConfigurationSet?: string;
  /** An EMF line (the whole log line) to CloudWatch; unit tests leave it out. */
  emitMetric?: (line: string) => void;
}
