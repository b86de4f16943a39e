// The rating and strike rules as /haulers states them, from the contract's numbers and reasons.
// Read by the page's build-time loader only, so the contract's schemas never reach the browser.
import { JOB_LIMITS, STRIKE_REASONS, STRIKE_RULES } from '#contract/loop/jobs';

export function strikeRulesCopy() {
  return {
    rating: `After each job the homeowner rates you from 1 to 5 stars, within ${JOB_LIMITS.ratingDays} days. Your average and count show on your quotes once you have ${STRIKE_RULES.newUnderRatings} ratings; before that they read “New”.`,
    strikesIntro: 'Each of these is a strike:',
    strikes: [
      STRIKE_REASONS['no-show'],
      STRIKE_REASONS['late-cancel'],
      STRIKE_REASONS['low-rating'],
    ],
    pause:
      'A strike pauses your account: you get no new jobs until our team has looked into it and resumes you. We email you why, and jobs you already have stay yours to finish.',
  };
}
