// Who is told of each change (decision 045). test/flows/who-is-told.test.ts fails when a party
// listed here hears nothing, or one not listed is emailed.

// hauler: the one the change is about; other-haulers: every other with a quote still open.
export const PARTIES = ['homeowner', 'hauler', 'other-haulers', 'operations'] as const;
export type Party = (typeof PARTIES)[number];

/** email: a message in their inbox; page: what their signed link shows changes (a banner, a state). */
export type Channel = 'email' | 'page';

export const TRANSITIONS = [
  'accept',
  'decline',
  'cancel-before-booking',
  'cancel-after-booking',
  'give-up',
  'remove',
  'pause',
  'quote-expired',
  'price-change-asked',
  'price-change-answered',
  'on-my-way',
  'done',
  'rated',
  'question-asked',
  'question-answered',
  'day-before',
  'offers-ended',
  // A job's money (decision 057), each told by the money job once.
  'money-hold-failed',
  'money-hold-overdue',
  'money-charged',
  'money-late-fee',
  'money-released',
  'refund',
  'dispute-opened',
  'dispute-closed',
  // A dispute's hold of the hauler's payout (decision 061), each told by the money job once.
  'dispute-payout-held',
  'dispute-payout-paid-again',
  'card-updated',
] as const;
export type Transition = (typeof TRANSITIONS)[number];

export const WHO_IS_TOLD: Readonly<
  Record<Transition, Readonly<Partial<Record<Party, readonly Channel[]>>>>
> = {
  // The hauler accepted gets the homeowner's contact; the others learn it went elsewhere; the
  // homeowner a confirmation (the hauler, the phone, "add your address").
  accept: {
    homeowner: ['email', 'page'],
    hauler: ['email', 'page'],
    'other-haulers': ['email', 'page'],
    operations: ['email'],
  },
  decline: { homeowner: ['page'], hauler: ['page'], operations: ['email'] },
  'cancel-before-booking': {
    homeowner: ['page'],
    'other-haulers': ['email', 'page'],
    operations: ['email'],
  },
  'cancel-after-booking': { homeowner: ['page'], hauler: ['email', 'page'], operations: ['email'] },
  'give-up': { homeowner: ['email', 'page'], hauler: ['page'], operations: ['email'] },
  // Operations run the removal; the homeowner of a booked job hears it went back to offers.
  remove: { homeowner: ['email', 'page'], hauler: ['page'], operations: ['email'] },
  // The paused hauler's open quote can no longer be accepted: the homeowner's page says so.
  pause: { homeowner: ['page'], hauler: ['page'] },
  'quote-expired': { homeowner: ['page'], hauler: ['page'] },
  'price-change-asked': { homeowner: ['email', 'page'], hauler: ['page'] },
  'price-change-answered': {
    homeowner: ['page'],
    hauler: ['email', 'page'],
    operations: ['email'],
  },
  'on-my-way': { homeowner: ['email', 'page'], hauler: ['page'] },
  done: { homeowner: ['email', 'page'], hauler: ['page'], operations: ['email'] },
  // The hauler hears their rating (and its comment) by email, once.
  rated: { homeowner: ['page'], hauler: ['email', 'page'] },
  // Questions before hiring: every offered hauler's page shows each question and answer, never
  // who asked; the homeowner hears of a question, the asking hauler of its answer.
  'question-asked': { homeowner: ['email', 'page'], hauler: ['page'], 'other-haulers': ['page'] },
  'question-answered': {
    homeowner: ['page'],
    hauler: ['email', 'page'],
    'other-haulers': ['page'],
  },
  // Not a click but the clock: the day before a booked pickup, each side is reminded once (051).
  'day-before': { homeowner: ['email'], hauler: ['email'] },
  // The clock again: the offers' hours ended and nobody ever quoted. The homeowner hears once;
  // operations were told by the escalation long before (escalationMinutes after the offers began).
  'offers-ended': { homeowner: ['email', 'page'] },
  // The homeowner updates the card from the email's link; operations hear after 12 hours.
  // The request page asks for another card; the booked hauler's job page says it is not secured.
  'money-hold-failed': { homeowner: ['email', 'page'], hauler: ['page'] },
  'money-hold-overdue': { operations: ['email'] },
  // The charge: its amount to the homeowner (never the fee), the payout to the hauler.
  'money-charged': { homeowner: ['email'], hauler: ['email'] },
  'money-late-fee': { homeowner: ['email'], hauler: ['email'] },
  'money-released': { homeowner: ['email'] },
  // Operations refund from the command line (decision 058): the homeowner hears what came back,
  // the hauler that their payout for the job went down in proportion.
  refund: { homeowner: ['email'], hauler: ['email'] },
  // The homeowner's bank disputes the charge: operations gather the evidence; the hauler's payout
  // for the job is held meanwhile, and operations hear the bank's decision.
  'dispute-opened': { operations: ['email'] },
  'dispute-closed': { operations: ['email'] },
  // The money job reversed the hauler's transfer for the dispute, then (won) paid it again: the
  // hauler hears each once; their hauler page's money list names the state (not a link's page).
  'dispute-payout-held': { hauler: ['email'] },
  'dispute-payout-paid-again': { hauler: ['email'] },
  // After a failed hold the homeowner saves another card on the request page and the hold is
  // placed (decision 060): they see it there at once; the booked hauler's job page stops saying
  // the payment is not secured. Nobody is emailed: the homeowner acted, the hauler had no email
  // of the failure to take back, and operations' 12-hour email is simply not sent.
  'card-updated': { homeowner: ['page'], hauler: ['page'] },
};
