import { describe, expect, it } from 'vitest';
import { emailLine } from './emails';
import type { OutboxItem } from '../../lambdas/shared/models/outbox-model';

const item = (key: string, attempts: number, lastError?: string): OutboxItem => ({
  ledgerKind: 'lead',
  ledgerId: 'id',
  key,
  to: 'a@example.com',
  subject: 's',
  html: '',
  text: '',
  attempts,
  nextAttemptAt: Date.parse('2026-11-27T12:05:00Z'),
  owedAt: '2026-11-27T12:00:00Z',
  ...(lastError === undefined ? {} : { lastError }),
});

describe('the email line of leads show', () => {
  it('says which emails were sent, are retrying, owed or given up, with the error name only', () => {
    const line = emailLine(
      {
        emails: { confirmation: 'sent', operations: 'failed', 'quote-1': 'given-up' },
        emailErrors: { operations: 'TooManyRequestsException', 'quote-1': 'MessageRejected' },
      },
      [item('operations', 2, 'TooManyRequestsException'), item('booked', 0)],
    );
    expect(line).toBe(
      '  emails     confirmation: sent, operations: retrying (TooManyRequestsException, 2 tried, next 2026-11-27T12:05:00.000Z), quote-1: given up (MessageRejected), booked: owed (outbox, first try by 2026-11-27T12:05:00.000Z)',
    );
    expect(line).not.toContain('a@example.com');
  });

  it('names a failure the outbox no longer keeps (before the outbox, or its item lost)', () => {
    expect(emailLine({ emails: { confirmation: 'failed' }, emailErrors: {} }, [])).toBe(
      '  emails     confirmation: failed (unknown error)',
    );
  });
});
