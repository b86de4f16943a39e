import {
  AccountSuspendedException,
  BadRequestException,
  ConcurrentModificationException,
  InternalServiceErrorException,
  LimitExceededException,
  MailFromDomainNotVerifiedException,
  MessageRejected,
  NotFoundException,
  SendingPausedException,
  TooManyRequestsException,
} from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { sesErrorFacts, sesVerdict } from './ses-errors';

const verdictOf = (error: unknown) => {
  const facts = sesErrorFacts(error);
  return sesVerdict(facts.name, facts.httpStatus);
};
const meta = (status: number) => ({ $metadata: { httpStatusCode: status } });

describe('what the mailer does with each SES error', () => {
  it.each([
    [
      'TooManyRequestsException (the sending rate)',
      new TooManyRequestsException({ message: 'x', ...meta(429) }),
    ],
    [
      'LimitExceededException (the daily quota)',
      new LimitExceededException({ message: 'x', ...meta(400) }),
    ],
    [
      'InternalServiceErrorException',
      new InternalServiceErrorException({ message: 'x', ...meta(500) }),
    ],
    [
      'ConcurrentModificationException',
      new ConcurrentModificationException({ message: 'x', ...meta(500) }),
    ],
  ])('retries %s', (_name, error) => {
    expect(verdictOf(error)).toBe('retry');
  });

  it.each([
    [
      'MessageRejected (a bad or suppressed address)',
      new MessageRejected({ message: 'x', ...meta(400) }),
    ],
    [
      'MailFromDomainNotVerifiedException',
      new MailFromDomainNotVerifiedException({ message: 'x', ...meta(400) }),
    ],
    ['AccountSuspendedException', new AccountSuspendedException({ message: 'x', ...meta(400) })],
    ['SendingPausedException', new SendingPausedException({ message: 'x', ...meta(400) })],
    ['BadRequestException', new BadRequestException({ message: 'x', ...meta(400) })],
    [
      'NotFoundException (a configuration set that is not there)',
      new NotFoundException({ message: 'x', ...meta(404) }),
    ],
  ])('gives up on %s', (_name, error) => {
    expect(verdictOf(error)).toBe('give-up');
  });

  it.each([
    'Throttling',
    'ThrottlingException',
    'MaxSendRateExceeded',
    'ServiceUnavailable',
    'TimeoutError',
  ])('retries the throttling and transient name %s', (name) => {
    expect(sesVerdict(name)).toBe('retry');
  });

  it('retries a network error, which carries a code and no HTTP status', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(sesErrorFacts(reset)).toEqual({ name: 'ECONNRESET' });
    expect(verdictOf(reset)).toBe('retry');
    expect(verdictOf(new Error('no code at all'))).toBe('retry');
  });

  it('decides a name it does not know by its HTTP status: 429 and 5xx retry, other 4xx give up', () => {
    expect(sesVerdict('SomethingNew', 429)).toBe('retry');
    expect(sesVerdict('SomethingNew', 503)).toBe('retry');
    expect(sesVerdict('SomethingNew', 400)).toBe('give-up');
    expect(sesVerdict('SomethingNew', 403)).toBe('give-up');
  });
});
