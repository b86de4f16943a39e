// No quote without payouts (issue 39 flow 1, decision 055): with payments on, a hauler whose
// Express account is not enabled may read offers but not quote. Their offer page says why and
// links to their own page, where "Set up payouts" is.
import type { Hauler } from '../models/hauler-model';
import type { LinkSecretLoader } from '../links/link-secret';
import { linkClaims, signLink } from '../links/signed-links';
import type { LeadWithJob } from '#contract/loop/jobs';
import type { PaymentSetting } from '#contract/money/payments';

/** The stage's setting, as the functions that only read it carry it. */
export interface PaymentSettingDeps {
  payments: { setting: PaymentSetting };
}

/** True when this hauler may not quote now for want of payouts. */
export function quoteNeedsPayouts(setting: PaymentSetting, hauler: Pick<Hauler, 'payouts'>) {
  return setting === 'on' && hauler.payouts?.state !== 'enabled';
}

/** The offer page's view with the link to the hauler's own page, when payouts are wanting. */
export async function withPayoutsNeeded(
  view: LeadWithJob,
  hauler: Hauler,
  deps: Partial<PaymentSettingDeps> & { secrets: LinkSecretLoader; now: () => Date },
): Promise<LeadWithJob> {
  if (view.role !== 'hauler' || deps.payments === undefined) return view;
  const { setting } = deps.payments;
  if (view.outcome !== 'open' || !quoteNeedsPayouts(setting, hauler)) {
    return { ...view, payments: setting };
  }
  const { current } = await deps.secrets();
  const claims = linkClaims(hauler.haulerId, 'hauler', 'manage', deps.now(), hauler.linkVersion);
  return {
    ...view,
    payments: setting,
    can: { ...view.can, quote: false },
    payoutsNeeded: { token: signLink(claims, current) },
  };
}
