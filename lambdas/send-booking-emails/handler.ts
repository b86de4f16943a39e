/**
 * Lambda Function URL entry point for send-booking-emails (behind CloudFront at
 * /api/send-booking-emails).
 *
 * Environment: BUCKET_NAME, PUBLIC_BASE_URL, SENDER_ADDRESS, OPERATIONS_ADDRESS; locally also
 * S3_ENDPOINT, S3_FORCE_PATH_STYLE and SES_ENDPOINT.
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
import { sendBookingEmails } from './send-booking-emails';

const bucket = requireEnv(process.env, 'BUCKET_NAME');
const publicBaseUrl = requireEnv(process.env, 'PUBLIC_BASE_URL');
const sender = requireEnv(process.env, 'SENDER_ADDRESS');
const operationsAddress = requireEnv(process.env, 'OPERATIONS_ADDRESS');
const s3 = s3ClientFromEnv(process.env);
const ses = sesClientFromEnv(process.env);

export async function handler(event: LambdaFunctionURLEvent): Promise<LambdaFunctionURLResult> {
  const request = readJsonRequest(event, LIMITS.requestBodyMaxBytes);
  if (!request.ok) return request.result;
  try {
    const outcome = await sendBookingEmails(request.body, {
      s3,
      ses,
      bucket,
      publicBaseUrl,
      sender,
      operationsAddress,
      now: () => new Date(),
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
