/**
 * Payments (issue 39, decision 056): what the accept question says before the card page, and the
 * request page's return from it. Back with a session, the page POSTs it once (opening a page never
 * changes anything; this is the page finishing the button's work): the quote is accepted only if
 * Stripe says the card is saved. The fragment keeps the session: the page's view is keyed by it,
 * and a reload confirming again is answered with the acceptance as it is. Back cancelled, it says
 * that nothing changed.
 */
import { useEffect, useRef, useState } from 'react';
import { Failure } from '../../components/signed-page/page-parts';
import { callFunction } from '../../shared/api/call-function';
import { useLocationHash } from '../../shared/location-hash';
import { API_PATHS } from '#contract/core/api';
import type { LeadWithJob } from '#contract/loop/jobs';
import { formatPrice } from '#contract/loop/quote-loop';
import type { QuoteView } from '#contract/loop/quote-loop';
import { CHECKOUT_RETURN, PAYMENT_TEXTS, checkoutReturnOf } from '#contract/money/payments';
import type { PaymentSetting } from '#contract/money/payments';

/**
 * Before accepting: the price, nothing charged now, when the charge comes, how to cancel; or, for
 * a quote paid directly, that the homeowner pays the hauler after the pickup.
 */
export function PaymentTerms({
  quote,
  payments,
}: {
  quote: QuoteView;
  payments: PaymentSetting | undefined;
}) {
  if (payments === undefined) return null;
  // An operations quote is paid directly even with payments on: no card asked (decision 062).
  if (payments === 'off' || quote.paidThroughUs === false) {
    return (
      <p className="mt-1 text-slate-800">
        The price is {formatPrice(quote.priceDollars)}. {PAYMENT_TEXTS.paymentsOff} You can still
        cancel before the pickup date.
      </p>
    );
  }
  return (
    <div className="mt-1 space-y-1 text-slate-800">
      <p>
        The price is {formatPrice(quote.priceDollars)}. {PAYMENT_TEXTS.beforeAccepting}
      </p>
      <p>{PAYMENT_TEXTS.cancellationTerms}</p>
      <p>{PAYMENT_TEXTS.saveCardNext}</p>
    </div>
  );
}

type Confirming =
  { phase: 'checking' } | { phase: 'done'; text: string } | { phase: 'error'; text: string };

export function CheckoutReturn({
  token,
  onLead,
  describe,
}: {
  token: string;
  onLead: (lead: LeadWithJob) => void;
  describe: (lead: LeadWithJob) => string;
}) {
  const hash = useLocationHash();
  const back = hash === undefined ? undefined : checkoutReturnOf(hash);
  const [state, setState] = useState<Confirming | undefined>();
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (back === undefined || back === CHECKOUT_RETURN.cancelled || sent.current === back) return;
    sent.current = back;
    setState({ phase: 'checking' });
    void callFunction<{ lead?: LeadWithJob }>(API_PATHS.decideQuote, {
      token,
      decision: 'accept',
      checkout: back,
    }).then((answer) => {
      const lead = answer.body?.lead;
      if (lead !== undefined) onLead(lead);
      if (answer.ok && lead !== undefined) {
        setState({ phase: 'done', text: describe(lead) });
      } else {
        setState({ phase: 'error', text: answer.message ?? PAYMENT_TEXTS.checkoutNotComplete });
      }
    });
    // `onLead` and `describe` are the page's; a new identity is not a new return.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [back, token]);
  if (back === CHECKOUT_RETURN.cancelled) {
    return (
      <p
        role="status"
        className="mb-4 rounded-md border border-slate-300 bg-slate-50 p-4 font-semibold text-slate-900"
      >
        {PAYMENT_TEXTS.checkoutCancelled}
      </p>
    );
  }
  if (state === undefined) return null;
  if (state.phase === 'error') {
    return (
      <div className="mb-4">
        <Failure message={state.text} />
      </div>
    );
  }
  return (
    <p
      role="status"
      className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900"
    >
      {state.phase === 'checking' ? PAYMENT_TEXTS.checkoutConfirming : state.text}
    </p>
  );
}
