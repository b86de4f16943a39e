// `npm run leads -- show`'s email line (decision 054): each email sent, owed, retrying or given up.
import type { Lead } from '../../lambdas/shared/leads/lead-store';
import type { OutboxItem } from '../../lambdas/shared/models/outbox-model';

/** One word per email and, for one not sent, why and when it is tried next. */
export function emailLine(lead: Pick<Lead, 'emails' | 'emailErrors'>, owed: OutboxItem[]): string {
  const kept = new Map(owed.map((item) => [item.key, item]));
  const keys = [...new Set([...Object.keys(lead.emails ?? {}), ...kept.keys()])];
  const words = keys.map((key) => {
    const status = lead.emails?.[key];
    const error = lead.emailErrors?.[key];
    const item = kept.get(key);
    if (status === 'given-up') return `${key}: given up (${error ?? 'unknown error'})`;
    if (item !== undefined && status !== 'sent' && status !== 'withheld') {
      const next = new Date(item.nextAttemptAt).toISOString();
      return item.attempts === 0
        ? `${key}: owed (outbox, first try by ${next})`
        : `${key}: retrying (${item.lastError ?? error ?? 'error'}, ${item.attempts} tried, next ${next})`;
    }
    if (status === 'failed') return `${key}: failed (${error ?? 'unknown error'})`;
    return `${key}: ${status ?? 'owed'}`;
  });
  return `  emails     ${words.join(', ')}`;
}
