/**
 * Lambda Function URL entry point for create-upload-urls (behind CloudFront at /api/upload-urls).
 *
 * Environment: BUCKET_NAME, PUBLIC_BASE_URL, LEADS_TABLE; locally also S3_ENDPOINT,
 * S3_FORCE_PATH_STYLE and DYNAMODB_ENDPOINT.
 */
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { LIMITS } from '../shared/quote-contract';
import { requireEnv, s3ClientFromEnv, describeError } from '../shared/aws';
import {
  internalErrorResult,
  jsonResult,
  readJsonRequest,
  submissionIdForLog,
} from '../shared/http';
import { leadTableFromEnv } from '../shared/lead-store';
import { createUploadUrls } from './create-upload-urls';

const bucket = requireEnv(process.env, 'BUCKET_NAME');
const publicBaseUrl = requireEnv(process.env, 'PUBLIC_BASE_URL');
const s3 = s3ClientFromEnv(process.env);
const leads = leadTableFromEnv(process.env);

export async function handler(event: LambdaFunctionURLEvent): Promise<LambdaFunctionURLResult> {
  const request = readJsonRequest(event, LIMITS.requestBodyMaxBytes);
  if (!request.ok) return request.result;
  try {
    const outcome = await createUploadUrls(request.body, {
      s3,
      leads,
      bucket,
      publicBaseUrl,
      now: () => new Date(),
      expiresIn: LIMITS.uploadUrlExpirySeconds,
    });
    return jsonResult(outcome.statusCode, outcome.body);
  } catch (error) {
    // Presigning is local computation; reaching here means missing credentials or region, or
    // the lead table (the upload batch record) is unreachable.
    console.error('create-upload-urls failed', {
      submissionId: submissionIdForLog(request.body),
      error: describeError(error),
    });
    return internalErrorResult();
  }
}
