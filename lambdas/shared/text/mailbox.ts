// Spellings a provider documents as one inbox count as one address (decision 027).

/** Gmail's two domains: one account receives at both, and ignores dots in the local part. */
const GMAIL_DOMAINS: ReadonlySet<string> = new Set(['gmail.com', 'googlemail.com']);

/** `A.B+x@GoogleMail.com` and `ab@gmail.com` are one inbox; `a.b@` and `ab@outlook.com` two. */
export function normaliseAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const domain = lower.slice(at + 1);
  const [local = ''] = lower.slice(0, at).split('+', 1);
  if (GMAIL_DOMAINS.has(domain)) return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}
