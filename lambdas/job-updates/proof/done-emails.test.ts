import { describe, expect, it } from 'vitest';
import { doneEmail } from './done-emails';
import type { Lead } from '../../shared/models/lead-model';
import { JOB_TEXTS } from '#contract/loop/jobs';
import { PAGE_SECTIONS, sectionFromHash, tokenFromHash } from '#contract/core/pages';
import { MONEY_EMAIL_TEXTS, PAYMENT_TEXTS } from '#contract/money/payments';

const LINK = 'https://www.example.com/request#t=TOKEN';

const lead = {
  reference: '5D1C2B3A',
  request: { name: 'Ann Homeowner' },
} as unknown as Lead;

/** The URL of the button `label` in the text part ("Label: URL"). */
function buttonUrl(text: string, label: string): URL {
  const line = text.split('\n').find((l) => l.startsWith(`${label}: `));
  if (line === undefined) throw new Error(`no "${label}" button`);
  return new URL(line.slice(label.length + 2));
}

describe('the "Your pickup is done" email’s buttons', () => {
  it('land on the receipt and on the rating, each with the request page’s own token', () => {
    const email = doneEmail(
      lead,
      {
        receipt: { key: 'k', contentType: 'image/jpeg', facility: 'Salt River', at: 'now' },
        hauler: 'Desert Haul Co',
        priceDollars: 240,
        afterPhotos: 0,
      },
      LINK,
    );
    const receipt = buttonUrl(email.text, JOB_TEXTS.viewReceipt);
    const rate = buttonUrl(email.text, JOB_TEXTS.rate);
    expect(sectionFromHash(receipt.hash)).toBe(PAGE_SECTIONS.receipt);
    expect(sectionFromHash(rate.hash)).toBe(PAGE_SECTIONS.rate);
    for (const url of [receipt, rate]) {
      expect(url.pathname).toBe('/request');
      expect(tokenFromHash(url.hash)).toBe('TOKEN');
    }
    expect(email.html).toContain(`href="${LINK}&amp;section=rate"`);
  });
});

describe('the "Your pickup is done" email says how the pickup is paid', () => {
  const facts = {
    receipt: { key: 'k', contentType: 'image/jpeg' as const, facility: 'Salt River', at: 'now' },
    hauler: 'Desert Haul Co',
    priceDollars: 240,
    afterPhotos: 0,
  };

  it('with payments on: the charge comes after the objection window', () => {
    const email = doneEmail(lead, { ...facts, payments: 'on' }, LINK);
    expect(email.text).toContain(MONEY_EMAIL_TEXTS.doneChargeAfterWindow('$240'));
    expect(email.text).not.toContain(PAYMENT_TEXTS.paymentsOff);
  });

  it('with payments off: the homeowner pays the hauler directly', () => {
    const email = doneEmail(lead, { ...facts, payments: 'off' }, LINK);
    expect(email.text).toContain(PAYMENT_TEXTS.paymentsOff);
    expect(email.text).not.toContain('charged');
  });
});
