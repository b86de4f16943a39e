// A job's money on the hauler's page (issue 39 flow 5, decision 055): the amount, the platform's
// fee, the hauler's payout and where it stands. Listed only with payments on.
import type { JobMoneyView } from '#contract/haulers/hauler-work';
import {
  DISPUTE_PAYOUT_TEXTS,
  HAULER_MONEY_TEXTS,
  PAYOUT_TEXTS,
  formatCents,
} from '#contract/money/payments';

export function JobMoney({ money }: { money: JobMoneyView | undefined }) {
  if (money === undefined) return null;
  const rows: (readonly [string, string])[] = [
    [PAYOUT_TEXTS.amount, formatCents(money.amountCents)],
    [PAYOUT_TEXTS.fee, formatCents(money.feeCents)],
    [PAYOUT_TEXTS.payout, formatCents(money.payoutCents)],
    [PAYOUT_TEXTS.payoutState, HAULER_MONEY_TEXTS[money.state]],
  ];
  // A dispute's hold of the payout (decision 061): held, paid again, or kept by the bank.
  if (money.dispute !== undefined) {
    rows.push([
      DISPUTE_PAYOUT_TEXTS.label,
      DISPUTE_PAYOUT_TEXTS.states[money.dispute.state](formatCents(money.dispute.amountCents)),
    ]);
  }
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
