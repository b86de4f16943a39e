// The Function URL event to the webhook's inputs: the body's bytes exactly as Stripe sent them
// (Lambda base64-encodes a body it does not take for text), and the Stripe-Signature header.
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { describeError } from '../shared/runtime/aws';
import {
  type JsonResult,
  apiError,
  headerValue,
  internalErrorResult,
  jsonResult,
} from '../shared/runtime/http';
import { type StripeWebhookDeps, receiveStripeWebhook } from './stripe-webhook';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

export function rawBody(event: Pick<LambdaFunctionURLEvent, 'body' | 'isBase64Encoded'>): Buffer {
  const body = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
}

export function stripeWebhookHandler(
  deps: StripeWebhookDeps,
): (event: LambdaFunctionURLEvent) => Promise<JsonResult> {
  return async (event) => {
    if (event.requestContext.http.method !== 'POST') {
      return jsonResult(405, apiError('method_not_allowed', 'Use POST.'), { allow: 'POST' });
    }
    try {
      const signature = headerValue(event.headers, STRIPE_SIGNATURE_HEADER);
      const outcome = await receiveStripeWebhook(deps, rawBody(event), signature);
      return jsonResult(outcome.statusCode, outcome.body);
    } catch (error) {
      // Our own failure (storage, an unset secret): Stripe retries a 5xx.
      console.error('stripe-webhook failed', { error: describeError(error) });
      return internalErrorResult();
    }
  };
}
