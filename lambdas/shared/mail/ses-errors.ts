// Which SES answers are worth another try (decision 054): one pure decision per error name.

export type SesVerdict = 'retry' | 'give-up';

/**
 * SES v2's own names for "not now": the sending rate or the daily quota (`TooManyRequestsException`,
 * `LimitExceededException`), the SDK's and SES v1's throttling names, and SES's transient failures.
 */
const RETRY = new Set([
  'TooManyRequestsException',
  'LimitExceededException',
  'Throttling',
  'ThrottlingException',
  'MaxSendRateExceeded',
  'InternalServiceErrorException',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
  'ConcurrentModificationException',
  // No answer at all: the network (Node's codes, as errorName reports them).
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'NetworkingError',
]);

/**
 * SES will refuse the same email again: a bad or suppressed address (`MessageRejected`), a sender
 * or configuration set that is not there, an account paused or suspended. Retrying cannot help;
 * operations must look (metric EmailsGivenUp, alarm).
 */
const GIVE_UP = new Set([
  'MessageRejected',
  'BadRequestException',
  'NotFoundException',
  'MailFromDomainNotVerifiedException',
  'MailFromDomainNotVerified',
  'AccountSuspendedException',
  'SendingPausedException',
  'AccountSendingPausedException',
  'ConfigurationSetDoesNotExist',
  'ConfigurationSetSendingPausedException',
  'AccessDeniedException',
  'InvalidParameterValue',
  'ValidationException',
  'SerializationException',
]);

/**
 * Retry or give up, from the error's name and, for a name not listed, its HTTP status: 429 and 5xx
 * are SES being busy, other 4xx a request SES will refuse again, no status the network.
 */
export function sesVerdict(name: string, httpStatus?: number): SesVerdict {
  if (RETRY.has(name)) return 'retry';
  if (GIVE_UP.has(name)) return 'give-up';
  if (httpStatus === undefined) return 'retry';
  return httpStatus === 429 || httpStatus >= 500 ? 'retry' : 'give-up';
}

/** The name and status an SDK error carries (`$metadata.httpStatusCode`). */
export function sesErrorFacts(error: unknown): { name: string; httpStatus?: number } {
  const named = error as {
    name?: unknown;
    code?: unknown;
    $metadata?: { httpStatusCode?: unknown };
  };
  const code = typeof named?.code === 'string' ? named.code : undefined;
  const name = typeof named?.name === 'string' && named.name !== 'Error' ? named.name : code;
  const status = named?.$metadata?.httpStatusCode;
  return {
    name: name ?? 'Error',
    ...(typeof status === 'number' ? { httpStatus: status } : {}),
  };
}
