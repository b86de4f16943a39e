import type { S3Client } from '@aws-sdk/client-s3';
import type { LinkMailDeps } from '../shared/handlers/deps';
import type { Payments } from '../shared/payments/payments-from-env';

export interface JobDeps extends LinkMailDeps {
  s3: S3Client;
  bucket: string;
  /** The stage's payments (decision 048): the job's changes move its money when on. */
  payments?: Payments;
}
