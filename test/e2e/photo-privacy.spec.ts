import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { MAX_PHOTO_EDGE_PX } from '../../frontend/features/quote-form/media/prepare-photo';
import { fillQuoteFields } from './helpers/local-stack';
import { makePhoto } from './helpers/photos';
import { pageIsLive } from './helpers/page-state';

test.describe('photos leave the browser without their metadata', () => {
  test('a phone photo with GPS in its EXIF is uploaded re-encoded, without EXIF, at most 1280 px long', async ({
    page,
    request,
  }) => {
    // One photo under the size limit (it used to go up untouched) and one over it.
    const small = await makePhoto('small-gps.jpg', { width: 800, height: 600, gps: true });
    const large = await makePhoto('large-gps.jpg', {
      width: 2400,
      height: 1800,
      gps: true,
      hue: 200,
    });
    for (const photo of [small, large]) {
      // The fixtures really carry the position, so the assertions below can fail.
      const exif = (await sharp(photo.buffer).metadata()).exif;
      expect(exif?.includes('PhoneCam')).toBe(true);
      // The GPS IFD pointer, tag 0x8825, in sharp's little-endian TIFF.
      expect(exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    }

    await page.goto('/#quote-form');
    await pageIsLive(page);
    const form = page.locator('#quote-form');
    await fillQuoteFields(page, { Email: `exif-${Date.now()}@example.com` });
    await form.locator('input[type=file][accept="image/*"]').setInputFiles([small, large]);
    const booking = page.waitForRequest('**/api/send-booking-emails');
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: 'Quote Request Submitted' }),
    ).toBeVisible({ timeout: 20_000 });

    const { photoUrls } = (await booking).postDataJSON() as { photoUrls: string[] };
    const uploaded = await Promise.all(
      photoUrls.map(async (url) => Buffer.from(await (await request.get(url)).body())),
    );
    const [smallOut, largeOut] = await Promise.all(uploaded.map((b) => sharp(b).metadata()));
    for (const [i, meta] of [smallOut!, largeOut!].entries()) {
      expect(meta.exif).toBeUndefined();
      expect(uploaded[i]!.includes('PhoneCam')).toBe(false);
      expect(uploaded[i]!.includes('Exif')).toBe(false);
      // Chromium encodes WebP, the first choice.
      expect(meta.format).toBe('webp');
    }
    expect([smallOut!.width, smallOut!.height]).toEqual([800, 600]);
    expect([largeOut!.width, largeOut!.height]).toEqual([MAX_PHOTO_EDGE_PX, 960]);
  });
});
