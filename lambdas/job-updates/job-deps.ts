import type { S3Client } from '@aws-sdk/client-s3';
import type { LinkMailDeps } from '../shared/handlers/deps';

export interface JobDeps extends LinkMailDeps {
  s3: S3Client;
  bucket: string;
}
