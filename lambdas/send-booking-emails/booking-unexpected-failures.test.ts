import { CopyObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { s3Error } from '../../test/support/testing';
import { sendBookingEmails } from './send-booking-emails';
import {
  ID,
  booking,
  deps,
  installS3,
  leads,
  objects,
  s3Mock,
  storedLead,
  useBookingWorld,
} from '../../test/support/testing-booking';
import { MESSAGES } from '#contract/core/messages';

useBookingWorld();

describe('sendBookingEmails, unexpected failures', () => {
  it('answers 500 with the generic message when S3 refuses access, and logs only the submission id', async () => {
    s3Mock.on(HeadObjectCommand).rejects(s3Error('AccessDenied', 403));
    const outcome = await sendBookingEmails(booking(), deps());
    expect(outcome).toEqual({
      statusCode: 500,
      body: { error: { code: 'internal', message: MESSAGES.unexpected } },
    });
    expect(console.error).toHaveBeenCalledWith('send-booking-emails failed', {
      submissionId: ID,
      error: expect.stringContaining('AccessDenied'),
    });
    const logged = JSON.stringify(vi.mocked(console.error).mock.calls);
    expect(logged).not.toContain('jane@example.com');
    expect(logged).not.toContain('Old sofa');
  });

  it('keeps the lead when the media copy fails, and a retry finishes the job', async () => {
    s3Mock.on(CopyObjectCommand).rejectsOnce(s3Error('InternalError', 500));
    expect((await sendBookingEmails(booking(), deps())).statusCode).toBe(500);
    expect((await storedLead()).status).toBe('received');
    installS3();
    expect((await sendBookingEmails(booking(), deps())).statusCode).toBe(200);
    expect(objects.has(`quote-photos/${ID}/1763726400000_1.jpg`)).toBe(true);
  });

  it('answers 200 when the emails went out but the archive could not be written', async () => {
    s3Mock.on(PutObjectCommand).rejects(s3Error('InternalError', 500));
    const outcome = await sendBookingEmails(booking(), deps());
    expect(outcome.statusCode).toBe(200);
    expect(console.error).toHaveBeenCalledWith(
      'send-booking-emails: could not archive the lead',
      expect.objectContaining({ submissionId: ID }),
    );
  });

  it('still answers 200 when the emails went out but their outcome could not be recorded', async () => {
    const send = leads.client.send.bind(leads.client);
    vi.spyOn(leads.client, 'send').mockImplementation(((command: unknown) => {
      const input = (command as { input?: { UpdateExpression?: string } }).input;
      if (command instanceof UpdateCommand && input?.UpdateExpression?.includes(':status')) {
        return Promise.reject(new Error('ProvisionedThroughputExceededException'));
      }
      return send(command as never);
    }) as typeof leads.client.send);
    const outcome = await sendBookingEmails(booking(), deps());
    expect(outcome.statusCode).toBe(200);
    expect(console.error).toHaveBeenCalledWith(
      'send-booking-emails: could not record email status',
      expect.objectContaining({ submissionId: ID }),
    );
  });
});
