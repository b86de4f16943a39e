import path from 'node:path';
import { expect, test } from '@playwright/test';
import { VALID_FIELDS, fillQuoteFields } from './helpers/local-stack';
import { makePhotos } from './helpers/photos';
import { holdRequests, pageIsLive } from './helpers/page-state';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

test.describe('the quote form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/#quote-form');
    await pageIsLive(page);
  });

  test('an empty submit shows every field message and the media message', async ({ page }) => {
    await page.getByRole('button', { name: 'Get My Free Quote' }).last().click();
    const form = page.locator('#quote-form');
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid phone number',
      'Please enter a valid email address',
      'Please enter your city',
      'Please enter your state',
      'Please enter a valid zip code',
      'Please provide more details about your trash',
      'Please upload at least 2 photos or a video',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    // Each message sits under its own field and is tied to it for screen readers.
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription(
      'Name must be at least 2 characters',
    );
    await expect(form.getByLabel('Name')).toBeFocused();
  });

  test('a field shows its message when left, and drops it once fixed', async ({ page }) => {
    const email = page.locator('#quote-form').getByLabel('Email');
    await email.fill('not-an-email');
    await email.blur();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await email.fill('dana@example.com');
    await email.blur();
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  });

  test('the photo picker counts, shows thumbnails, removes by position and stops at 10', async ({
    page,
  }) => {
    const form = page.locator('#quote-form');
    await expect(form.getByText('2 to 10 images with different angles')).toBeVisible();
    await expect(form.getByText('(0/10)')).toBeVisible();
    const input = form.locator('input[type=file][accept="image/*"]');
    const photos = await makePhotos(11);
    await input.setInputFiles(photos.slice(0, 3));
    await expect(form.getByText('(3/10)')).toBeVisible();
    await expect(form.getByRole('img', { name: /^\d+\. / })).toHaveCount(3);
    await form.getByRole('button', { name: 'Remove photo 2' }).click();
    await expect(form.getByText('(2/10)')).toBeVisible();
    await expect(form.getByRole('img', { name: /^\d+\. / })).toHaveText(['', '']);
    await expect(form.getByRole('img', { name: '2. photo-3.jpg' })).toBeVisible();

    await input.setInputFiles(photos.slice(2, 11));
    await expect(form.getByText('(10/10)')).toBeVisible();
    await expect(form.getByRole('alert')).toHaveText('You can upload a maximum of 10 photos');
    await expect(input).toBeDisabled();
  });

  test('a video over 30 seconds is refused with the spec message', async ({ page }) => {
    const form = page.locator('#quote-form');
    await form
      .locator('input[type=file][accept="video/*"]')
      .setInputFiles(path.join(fixtures, 'video-31s.webm'));
    await expect(form.getByText('Video must be 30 seconds or less')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Remove video' })).toHaveCount(0);
  });

  test('photos and a video exclude each other', async ({ page }) => {
    const form = page.locator('#quote-form');
    const photoInput = form.locator('input[type=file][accept="image/*"]');
    const videoInput = form.locator('input[type=file][accept="video/*"]');
    await photoInput.setInputFiles(await makePhotos(1));
    await expect(form.getByText('Remove photos to upload video')).toBeVisible();
    await expect(videoInput).toBeDisabled();
    await form.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect(videoInput).toBeEnabled();

    await videoInput.setInputFiles(path.join(fixtures, 'video-5s.webm'));
    await expect(form.getByRole('button', { name: 'Remove video' })).toBeVisible();
    await expect(form.getByText('Video uploaded - remove to add photos')).toBeVisible();
    await expect(photoInput).toBeDisabled();
    await form.getByRole('button', { name: 'Remove video' }).click();
    await expect(photoInput).toBeEnabled();
  });

  test('a city link fills the Zip Code field', async ({ page }) => {
    await page.goto('/?zip=36601');
    await expect(page.locator('#quote-form').getByLabel('Zip Code')).toHaveValue('36601');
  });

  test('what was typed survives a reload', async ({ page }) => {
    await fillQuoteFields(page);
    await page.reload();
    await pageIsLive(page);
    const form = page.locator('#quote-form');
    await expect(form.getByLabel('Name')).toHaveValue(VALID_FIELDS.Name);
    await expect(form.getByLabel('Description')).toHaveValue(VALID_FIELDS.Description);
  });

  test("what is typed before the form's code arrives is kept, and submit waits for it", async ({
    page,
  }) => {
    // A slow phone: the form's code arrives only after the visitor has typed.
    const formCodeArrives = await holdRequests(page, '**/assets/quote-form-*.js');
    await page.goto('/');
    const form = page.locator('#quote-form');
    await form.getByLabel('Name').fill('Early Typist');
    await expect(page.locator('#quote-submit')).toBeDisabled();
    formCodeArrives();
    await pageIsLive(page);
    await page.locator('#quote-submit').click();
    // The form knows the name: no message under it, while the empty fields get theirs.
    await expect(form.getByText('Please enter your city')).toBeVisible();
    await expect(form.getByText('Name must be at least 2 characters')).toHaveCount(0);
    await expect(form.getByLabel('Name')).toHaveValue('Early Typist');
    expect(new URL(page.url()).search).toBe('');
  });

  test("photos chosen before the form's code arrives are kept", async ({ page }) => {
    const formCodeArrives = await holdRequests(page, '**/assets/quote-form-*.js');
    await page.goto('/');
    await page
      .locator('#quote-form input[type=file][accept="image/*"]')
      .setInputFiles(await makePhotos(2));
    formCodeArrives();
    await pageIsLive(page);
    await expect(page.locator('#quote-form').getByText('(2/10)')).toBeVisible();
    await expect(page.locator('#quote-form').getByRole('img', { name: /^\d+\. / })).toHaveCount(2);
  });
});
