/** A `tel:` link for a phone number as people write it: "(602) 555-0100" → "tel:6025550100". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** An `sms:` link for the same number: a text instead of a call. */
export function smsHref(phone: string): string {
  return `sms:${phone.replace(/[^\d+]/g, '')}`;
}
