// A done job's proof as `leads -- show` prints it; the files stay private (never their keys).
import { jobOf } from '../../lambdas/shared/jobs/lead-job';
import type { Lead } from '../../lambdas/shared/models/lead-model';

export function receiptLines(lead: Lead): string[] {
  const job = jobOf(lead);
  const receipt = job?.receipt;
  if (receipt === undefined) return [];
  const photos = job?.afterPhotoKeys?.length ?? 0;
  return [
    `  receipt    ${receipt.facility} · ${receipt.at} · ${receipt.contentType}${photos === 0 ? '' : ` · ${photos} after-photo${photos === 1 ? '' : 's'}`}`,
  ];
}
