/**
 * What `npm run leads -- show` prints about a done job's proof: the facility and when the receipt
 * came in, the kind of file, and how many after-photos. The files themselves stay private (the
 * operations link's "View the receipt" shows them for a few minutes).
 */
import { jobOf } from '../../lambdas/shared/jobs/lead-job';
import type { Lead } from '../../lambdas/shared/leads/lead-store';

export function receiptLines(lead: Lead): string[] {
  const job = jobOf(lead);
  const receipt = job?.receipt;
  if (receipt === undefined) return [];
  const photos = job?.afterPhotoKeys?.length ?? 0;
  return [
    `  receipt    ${receipt.facility} · ${receipt.at} · ${receipt.contentType}${photos === 0 ? '' : ` · ${photos} after-photo${photos === 1 ? '' : 's'}`}`,
  ];
}
