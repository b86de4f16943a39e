import { describe, expect, it } from 'vitest';
import { sendBookingEmails } from './send-booking-emails';
import {
  booking,
  deps,
  emailInputs,
  s3Mock,
  sesMock,
  storedLead,
  useBookingWorld,
} from '../../test/support/testing-booking';

useBookingWorld();

describe('sendBookingEmails, load size and pickup time', () => {
  it('stores the size, the chosen day, its date and the window, and both emails show them', async () => {
    const outcome = await sendBookingEmails(
      booking({
        state: 'Alabama',
        loadSize: 'half',
        pickupDay: 'tomorrow',
        pickupDate: '2025-11-22',
        pickupWindow: 'morning',
      }),
      deps(),
    );
    expect(outcome.statusCode).toBe(200);
    expect((await storedLead()).request).toMatchObject({
      loadSize: 'half',
      pickupDay: 'tomorrow',
      pickupDate: '2025-11-22',
      pickupWindow: 'morning',
    });
    const [confirmation, notification] = emailInputs();
    expect(notification?.Content?.Simple?.Body?.Text?.Data?.split('\n')[0]).toBe(
      'Half truck · est. $165–$235 · Sat, Nov 22, morning',
    );
    expect(confirmation?.Content?.Simple?.Body?.Html?.Data).toContain('Sat, Nov 22, morning');
  });

  it('refuses a pickup date outside yesterday-UTC to 31 days ahead, storing and sending nothing', async () => {
    for (const pickupDate of ['2025-11-19', '2025-12-23']) {
      const outcome = await sendBookingEmails(
        booking({ pickupDay: 'date', pickupDate, pickupWindow: 'any' }),
        deps(),
      );
      expect(outcome).toEqual({
        statusCode: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'Please choose a pickup date from today to 30 days ahead',
            fields: { pickupDate: 'Please choose a pickup date from today to 30 days ahead' },
          },
        },
      });
    }
    expect(s3Mock.calls()).toHaveLength(0);
    expect(sesMock.calls()).toHaveLength(0);
  });

  it('accepts UTC’s yesterday, the today of a visitor west of UTC', async () => {
    const outcome = await sendBookingEmails(
      booking({ pickupDay: 'today', pickupDate: '2025-11-20' }),
      deps(),
    );
    expect(outcome.statusCode).toBe(200);
  });
});
