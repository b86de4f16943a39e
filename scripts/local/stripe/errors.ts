/** An error answered in Stripe's shape: `{ error: { type, code, message, param, … } }`. */
export interface StripeErrorBody {
  type:
    | 'api_error'
    | 'card_error'
    | 'idempotency_error'
    | 'invalid_request_error'
    | 'authentication_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  [more: string]: unknown;
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    /**
     * Stripe saves an idempotent result only once the endpoint started executing: a request
     * refused for its parameters may be sent again, fixed, with the same key.
     */
    readonly saved = true,
  ) {
    super(body.message);
  }
}

/** Nothing was changed: the parameters themselves are wrong. */
export function paramError(
  message: string,
  param: string,
  code = 'parameter_invalid',
): StripeError {
  return new StripeError(400, { type: 'invalid_request_error', code, message, param }, false);
}

export function missingParam(param: string): StripeError {
  return paramError(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function invalidRequest(message: string, options: { param?: string; code?: string } = {}) {
  return new StripeError(400, { type: 'invalid_request_error', message, ...options });
}

export function resourceMissing(kind: string, id: string, param = 'id'): StripeError {
  return new StripeError(
    404,
    {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${id}'`,
      param,
    },
    false,
  );
}

export function unexpectedState(kind: string, id: string, status: string, action: string) {
  return invalidRequest(
    `This ${kind.replace(/_/g, ' ')} (${id}) could not be ${action} because it has a status of ${status}.`,
    { code: `${kind}_unexpected_state` },
  );
}
