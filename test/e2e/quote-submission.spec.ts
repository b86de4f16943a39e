import { expect, test } from '@playwright/test';
import { bookingMail, fillQuoteFields, sentMail, storedKeys } from './helpers/local-stack';
import { makePhoto } from './helpers/photos';
import { MESSAGES } from '#contract/core/messages';
import { pageIsLive } from './helpers/page-state';
import { linkIn } from './helpers/quote-loop';

test.describe('sending a quote request', () => {
  test('with two photos: success dialog, photos in S3, the lead stored and both emails sent', async ({
    page,
    request,
  }) => {
    const unique = `e2e-${Date.now()}@example.com`;
    await page.goto('/#quote-form');
    await pageIsLive(page);
    const form = page.locator('#quote-form');
    await fillQuoteFields(page, { Email: unique, Name: 'Dana <b>Homeowner</b>' });
    await form
      .locator('input[type=file][accept="image/*"]')
      .setInputFiles([
        await makePhoto('couch.jpg', { hue: 10 }),
        await makePhoto('boxes.jpg', { hue: 200 }),
      ]);

    const booking = page.waitForRequest('**/api/send-booking-emails');
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Quote Request Submitted' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(dialog).toContainText(MESSAGES.successText);
    await expect(page.getByTestId('toast')).toContainText(
      'Quote Request Submitted - Check your email for confirmation. We’ll connect you with a local hauler shortly.',
    );
    await expect(dialog.getByRole('button', { name: 'Got it' })).toBeFocused();

    const body = (await booking).postDataJSON() as {
      submissionId: string;
      photoUrls: string[];
      photoCount: number;
      hasVideo: boolean;
    };
    expect(body.photoCount).toBe(2);
    expect(body.hasVideo).toBe(false);
    expect(body.photoUrls).toHaveLength(2);
    for (const url of body.photoUrls) {
      expect(url).toMatch(
        new RegExp(`^http://localhost:\\d+/quote-photos/${body.submissionId}/\\d+_[12]\\.webp$`),
      );
      // The public link serves the photo from local S3.
      const photo = await request.get(url);
      expect(photo.status()).toBe(200);
      // Chromium encodes WebP, so the browser re-encoded the JPEGs as WebP (prepare-photo.ts).
      expect(photo.headers()['content-type']).toBe('image/webp');
    }
    // Uploaded into quarantine, released to the public folder once the booking checked them.
    expect(storedKeys(`incoming/${body.submissionId}`)).toHaveLength(2);
    expect(storedKeys(`quote-photos/${body.submissionId}`)).toHaveLength(2);
    expect(storedKeys('leads').some((key) => key.endsWith(`${body.submissionId}.json`))).toBe(true);

    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // In the form's place: the request sent, its reference and its page, the focus on it.
    const reference = body.submissionId.slice(0, 8).toUpperCase();
    const sent = form.getByRole('region', { name: MESSAGES.submittedHeading });
    await expect(sent.getByRole('heading', { name: MESSAGES.submittedHeading })).toBeFocused();
    await expect(sent).toContainText(`${MESSAGES.submittedReference} ${reference}.`);
    await expect(form.getByRole('button', { name: 'Get My Free Quote' })).toHaveCount(0);
    const view = sent.getByRole('link', { name: MESSAGES.submittedView });

    // This homeowner's mail: the confirmation to them, the notification about them.
    const { confirmation, notification } = await bookingMail(request, unique);
    expect(confirmation.subject).toContain(reference);
    // The page's link is the confirmation email's own signed link.
    const emailed = new URL(linkIn(confirmation, 'View your request'));
    expect(await view.getAttribute('href')).toBe(`${emailed.pathname}${emailed.hash}`);
    expect(notification.body.html).toContain(body.photoUrls[0]);
    expect(notification.body.html).toContain('Dana &lt;b&gt;Homeowner&lt;/b&gt;');
    expect(notification.body.html).not.toContain('<b>Homeowner</b>');

    // The link opens the request page of this very request.
    await view.click();
    await expect(page).toHaveURL(/\/request#t=/);
    await expect(page.getByText(`Reference ${reference}`)).toBeVisible();
  });

  test('a failed photo upload stops the submission, names the photo, and sends no email', async ({
    page,
    request,
  }) => {
    const email = `upload-fails-${Date.now()}@example.com`;
    await page.goto('/#quote-form');
    await pageIsLive(page);
    // The phone loses its connection while photo 2 goes up.
    await page.route(/\/quote-photos\/incoming\/.*_2\.\w+\?/, (route) => route.abort('failed'));
    const form = page.locator('#quote-form');
    await fillQuoteFields(page, { Email: email });
    await form
      .locator('input[type=file][accept="image/*"]')
      .setInputFiles([await makePhoto('a.jpg'), await makePhoto('b.jpg', { hue: 90 })]);
    let booked = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/send-booking-emails')) booked = true;
    });
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Submission Failed' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(dialog).toContainText('Failed to upload photo 2: the connection was lost');
    await expect(page.getByTestId('toast')).toContainText(
      'Submission Failed - Failed to upload photo 2: the connection was lost',
    );
    expect(booked).toBe(false);
    const mine = (await sentMail(request)).filter(
      (m) => m.destination.to.includes(email) || m.body.html?.includes(email),
    );
    expect(mine).toEqual([]);
  });
});
