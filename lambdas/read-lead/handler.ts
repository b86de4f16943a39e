/**
 * Lambda Function URL entry point for read-lead (behind CloudFront at /api/lead).
 *
 * Environment: LEADS_TABLE, and LINK_SECRET_ARN (locally LINK_SECRET); locally also
 * DYNAMODB_ENDPOINT. Read only: the role may only GetItem on lead items and read the secret.
 */
import type { LambdaFunctionURLEvent, LambdaFunctionURLResult } from 'aws-lambda';
import { describeError } from '../shared/aws';
import { internalErrorResult, readJsonRequest } from '../shared/http';
import { leadTableFromEnv } from '../shared/lead-store';
import { linkSecretsFromEnv } from '../shared/link-secret';
import { LOOP_LIMITS } from '../shared/quote-loop-contract';
import { readLead } from './read-lead';

const table = leadTableFromEnv(process.env);
const secrets = linkSecretsFromEnv(process.env);

export async function handler(event: LambdaFunctionURLEvent): Promise<LambdaFunctionURLResult> {
  const request = readJsonRequest(event, LOOP_LIMITS.requestBodyMaxBytes);
  if (!request.ok) return request.result;
  try {
    return await readLead(request.body, { table, secrets, now: () => new Date() });
  } catch (error) {
    // Never the body: it holds the token.
    console.error('read-lead failed', { error: describeError(error) });
    return internalErrorResult();
  }
}
