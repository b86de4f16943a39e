/** Custom CloudWatch metric names: the functions emit them, the stack's alarms watch them. */
export const METRICS_NAMESPACE = 'BulkTrashPickup';

/** Confirmations an abuse limit kept back; dimension `Reason`: 'limit' or 'daily-cap'. */
export const CONFIRMATIONS_WITHHELD = 'ConfirmationsWithheld';
