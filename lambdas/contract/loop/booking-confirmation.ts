// What the homeowner is sent at acceptance, and the calendar invitations of both parties.
import { formatPickup, formatPrice } from './quote-loop';
import type { QuoteWindow } from './quote-loop';
import { SITE_NAME } from '../core/site-name';

const flatRate = (priceDollars: number) => `${formatPrice(priceDollars)} flat rate`;

export const CONFIRMATION_TEXTS = {
  subject: (hauler: string, date: string, window: QuoteWindow) =>
    `Your pickup is booked: ${hauler}, ${formatPickup(date, window)}`,
  heading: 'Your pickup is booked',
  intro: (hauler: string, priceDollars: number) =>
    `${hauler} will pick up your bulk trash for ${formatPrice(priceDollars)}, the flat rate you accepted: no extras on arrival. They will call or text you to confirm.`,
  nextStepHeading: 'Next step: add your address',
  nextStep:
    'Your hauler needs the pickup address. Only your hauler and our team see it, and you can correct it until the pickup.',
  addAddress: 'Add your address',
  calendarNote: 'The attached calendar invitation (.ics) puts the pickup in your calendar.',
  labels: {
    hauler: 'Hauler',
    phone: 'Phone',
    price: 'Price',
    pickup: 'Pickup',
    reference: 'Reference',
  },
  flatRate,
} as const;

export const CALENDAR_TEXTS = {
  productId: `-//${SITE_NAME}//Booking//EN`,
  homeownerSummary: (hauler: string) => `Bulk trash pickup · ${hauler}`,
  homeownerDescription: (
    reference: string,
    hauler: string,
    phone: string | undefined,
    priceDollars: number,
  ) =>
    [
      `Reference ${reference}.`,
      phone === undefined ? `Hauler: ${hauler}.` : `Hauler: ${hauler}, ${phone}.`,
      `Price: ${flatRate(priceDollars)}.`,
    ].join('\n'),
  haulerSummary: (reference: string, city: string) => `Pickup ${reference} · ${city}`,
  // No address or contact: the hauler's calendar may be shared, and the address comes later.
  haulerDescription: (reference: string, priceDollars: number) =>
    `Reference ${reference}, ${flatRate(priceDollars)}. The address and the homeowner's contact are on your job page.`,
  fileName: (reference: string) => `pickup-${reference}.ics`,
} as const;
