/**
 * Which inbox an address reaches, for the per-address confirmation limit: the spellings a
 * provider documents as one inbox count as one address. What is folded, and why only that:
 * docs/decisions/027-address-folding.md.
 */

/** Gmail's two domains: one account receives at both, and ignores dots in the local part. */
const GMAIL_DOMAINS: ReadonlySet<string> = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox `address` reaches: trimmed and lower-cased; a `+tag` dropped from the local part
 * (subaddressing); at Gmail, dots dropped from the local part and googlemail.com read as
 * gmail.com. `A.B+x@GoogleMail.com` and `ab@gmail.com` are one inbox; `a.b@outlook.com` and
 * `ab@outlook.com` are two, as Outlook says.
 */
export function normaliseAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const domain = lower.slice(at + 1);
  const [local = ''] = lower.slice(0, at).split('+', 1);
  if (GMAIL_DOMAINS.has(domain)) return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}
