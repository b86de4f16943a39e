// The hauler's work as their page lists it (decision 052), each entry with its page's link signed
// now with the current secret, as the offer and "Booked" emails sign theirs.
import { takesOffers } from '../shared/haulers/hauler-rules';
import { sortWork } from '../shared/hauler-work/hauler-work';
import { workLeadIds } from '../shared/hauler-work/work-store';
import { readLeads } from '../shared/hauler-work/work-leads';
import type { LinkAuthDeps } from '../shared/auth/link-outcome';
import { linkClaims, signLink } from '../shared/links/signed-links';
import type { Hauler } from '../shared/models/hauler-model';
import type { HaulerWorkView, JobMoneyView } from '#contract/haulers/hauler-work';
import type { PaymentSetting } from '#contract/money/payments';
import { moneyJobId } from '../shared/payments/money-runner';
import { readJobMoney } from './job-money';

export async function haulerWork(
  deps: LinkAuthDeps,
  hauler: Hauler,
  /** With payments on, booked and done jobs show their money (decision 055). */
  payments: PaymentSetting = 'off',
): Promise<HaulerWorkView> {
  const now = deps.now();
  const takesJobs = takesOffers(hauler, now);
  const leads = await readLeads(deps.table, await workLeadIds(deps.table, hauler.haulerId, now));
  const lists = sortWork(leads, hauler.haulerId, now, takesJobs);
  const { current } = await deps.secrets();
  const sign = (entry: { submissionId: string; offer: number }, action: 'offer' | 'job'): string =>
    signLink(linkClaims(entry.submissionId, 'hauler', action, now, entry.offer), current);
  const money =
    payments === 'on'
      ? await readJobMoney(deps.table, [...lists.booked, ...lists.done])
      : new Map<string, JobMoneyView>();
  const withMoney = <T extends object>(
    entry: { submissionId: string; quote?: number },
    item: T,
  ) => {
    const found =
      entry.quote === undefined
        ? undefined
        : money.get(moneyJobId(entry.submissionId, entry.quote));
    return found === undefined ? item : { ...item, money: found };
  };
  return {
    offers: lists.offers.map((entry) => ({ ...entry.item, token: sign(entry, 'offer') })),
    quotes: lists.quotes.map((entry) => ({ ...entry.item, token: sign(entry, 'offer') })),
    booked: lists.booked.map((entry) =>
      withMoney(entry, { ...entry.item, token: sign(entry, 'job') }),
    ),
    done: lists.done.map((entry) => withMoney(entry, { ...entry.item, token: sign(entry, 'job') })),
    offersHidden: !takesJobs,
  };
}
