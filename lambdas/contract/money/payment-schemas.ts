// The payment setting and money states as schemas, apart from ./payments' texts (decision 040).
import * as z from 'zod/mini';
import { MONEY_STATES, PAYMENT_SETTINGS } from './payments';

/** No default: payments off is a stage's stated choice, never the accident of a missing value. */
export const paymentSettingSchema = z.enum(PAYMENT_SETTINGS);

export const moneyStateSchema = z.enum(MONEY_STATES);
