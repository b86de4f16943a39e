/**
 * Lambda Function URL entry point for send-booking-emails (behind CloudFront at
 * /api/send-booking-emails).
 *
 * Environment: BUCKET_NAME, PUBLIC_BASE_URL, SENDER_ADDRESS, OPERATIONS_ADDRESS, LEADS_TABLE;
 * optional LEAD_RETENTION_DAYS (730), CONFIRMATION_DAILY_CAP (500), SES_CONFIGURATION_SET,
 * SES_OPERATIONS_CONFIGURATION_SET, LEADS_ARCHIVE_KMS_KEY_ID, LINK_SECRET_ARN; locally also S3_ENDPOINT,
 * S3_FORCE_PATH_STYLE, SES_ENDPOINT and DYNAMODB_ENDPOINT.
 */
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { LIMITS } from '../shared/quote-contract';
import { describeError, requireEnv, s3ClientFromEnv, sesClientFromEnv } from '../shared/aws';
import {
  internalErrorResult,
  jsonResult,
  readJsonRequest,
  submissionIdForLog,
} from '../shared/http';
import { leadRetentionDaysFromEnv, leadTableFromEnv } from '../shared/lead-store';
import { optionalLinkSecretsFromEnv } from '../shared/link-secret';
import { sendBookingEmails } from './send-booking-emails';

const bucket = requireEnv(process.env, 'BUCKET_NAME');
const publicBaseUrl = requireEnv(process.env, 'PUBLIC_BASE_URL');
const sender = requireEnv(process.env, 'SENDER_ADDRESS');
const operationsAddress = requireEnv(process.env, 'OPERATIONS_ADDRESS');
const s3 = s3ClientFromEnv(process.env);
const ses = sesClientFromEnv(process.env);
const leads = leadTableFromEnv(process.env);
const retentionDays = leadRetentionDaysFromEnv(process.env);
const dailyConfirmationCap = Number(process.env.CONFIRMATION_DAILY_CAP ?? 500);
const configurationSets = {
  confirmation: process.env.SES_CONFIGURATION_SET || undefined,
  operations: process.env.SES_OPERATIONS_CONFIGURATION_SET || undefined,
};
const archiveKmsKeyId = process.env.LEADS_ARCHIVE_KMS_KEY_ID || undefined;
// The quote loop's links in both emails (LINK_SECRET_ARN; locally LINK_SECRET).
const linkSecrets = optionalLinkSecretsFromEnv(process.env);
// Embedded Metric Format must be the whole log line: straight to stdout, past the JSON logger.
const emitMetric = (line: string) => void process.stdout.write(`${line}\n`);

export async function handler(event: LambdaFunctionURLEvent): Promise<LambdaFunctionURLResult> {
  const request = readJsonRequest(event, LIMITS.requestBodyMaxBytes);
  if (!request.ok) return request.result;
  try {
    const outcome = await sendBookingEmails(request.body, {
      s3,
      ses,
      leads,
      bucket,
      publicBaseUrl,
      sender,
      operationsAddress,
      now: () => new Date(),
      retentionDays,
      dailyConfirmationCap,
      configurationSets,
      archiveKmsKeyId,
      emitMetric,
      ...(linkSecrets === undefined ? {} : { linkSecrets }),
    });
    return jsonResult(outcome.statusCode, outcome.body);
  } catch (error) {
    // sendBookingEmails answers its own failures; this is the last line of defence.
    console.error('send-booking-emails failed', {
      submissionId: submissionIdForLog(request.body),
      error: describeError(error),
    });
    return internalErrorResult();
  }
}
