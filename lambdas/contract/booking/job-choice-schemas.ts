// The booking form's choices as zod checks, apart from ./job-choices' labels (decision 040).
import * as z from 'zod/mini';
import { isIsoDate } from '../core/calendar-date';
import { CHOICE_MESSAGES, LOAD_SIZES, PICKUP_DAYS, PICKUP_WINDOWS } from './job-choices';
import type { PickupDay } from './job-choices';

/** Absent means "not said": any size, as soon as possible, any time. */
export const jobChoicesShape = {
  loadSize: z.optional(z.enum(LOAD_SIZES, { error: CHOICE_MESSAGES.loadSizeInvalid })),
  pickupDay: z.optional(z.enum(PICKUP_DAYS, { error: CHOICE_MESSAGES.pickupDayInvalid })),
  pickupDate: z.optional(
    z
      .string({ error: CHOICE_MESSAGES.pickupDateInvalid })
      .check(z.refine(isIsoDate, CHOICE_MESSAGES.pickupDateInvalid)),
  ),
  pickupWindow: z.optional(z.enum(PICKUP_WINDOWS, { error: CHOICE_MESSAGES.pickupWindowInvalid })),
};

export const JOB_CHOICE_FIELDS = Object.keys(jobChoicesShape) as Array<
  keyof typeof jobChoicesShape
>;

export function checkPickupDate(
  value: { pickupDay?: PickupDay | undefined; pickupDate?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  const needsDate = value.pickupDay !== undefined && value.pickupDay !== 'asap';
  if (needsDate && value.pickupDate === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['pickupDate'],
      message: CHOICE_MESSAGES.pickupDateRequired,
    });
  } else if (!needsDate && value.pickupDate !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['pickupDate'],
      message: CHOICE_MESSAGES.pickupDateUnexpected,
    });
  }
}

const PICKUP_KEYS: readonly PropertyKey[] = ['pickupDay', 'pickupDate'];
export const pickupFieldsParsed = (payload: {
  issues: ReadonlyArray<{ readonly path?: readonly PropertyKey[] }>;
}): boolean => payload.issues.every((issue) => !PICKUP_KEYS.includes(issue.path?.[0] ?? ''));
