/**
 * How much concurrency `npm run deploy` reserves for the API functions, decided from the account's
 * Lambda limits. Lambda refuses a reservation that would leave fewer than 100 executions
 * unreserved in the account (CloudFormation then rolls the whole stack back), and a new account's
 * limit can be as low as 10: there the functions must reserve nothing and share the pool.
 */

/** Lambda keeps at least this many concurrent executions unreserved in every account. */
export const LAMBDA_MINIMUM_UNRESERVED = 100;

/** An account's Lambda concurrency in the deploy region (Lambda GetAccountSettings). */
export interface AccountConcurrency {
  region: string;
  /** AccountLimit.ConcurrentExecutions: the account's concurrency quota in the region. */
  limit: number;
  /** AccountLimit.UnreservedConcurrentExecutions: the limit minus every reservation. */
  unreserved: number;
  /**
   * What this stack's functions reserve today (0 before the first deploy). The deploy replaces it,
   * so it counts as available; otherwise every other redeploy near the limit would flip it.
   */
  reservedByStack: number;
}

export interface ReservationRequest {
  /** How many functions reserve, each the same amount. */
  functions: number;
  /** What each would reserve if the account allows it. */
  perFunction: number;
  /** Reserved besides, whatever `perFunction` is: functions that run one at a time. */
  fixed?: number;
}

export interface ReservationDecision {
  /** What to pass as `-c reservedConcurrency=`: `perFunction` or 0 (none reserved). */
  perFunction: number;
  /** One sentence for the person deploying: what was decided and why. */
  sentence: string;
}

export function decideReservedConcurrency(
  account: AccountConcurrency,
  request: ReservationRequest,
): ReservationDecision {
  const { region, limit } = account;
  const { functions, perFunction } = request;
  const reservedElsewhere = Math.max(0, limit - account.unreserved - account.reservedByStack);
  const wanted = functions * perFunction + (request.fixed ?? 0);
  const leftUnreserved = limit - reservedElsewhere - wanted;
  const elsewhere =
    reservedElsewhere > 0 ? ` (${reservedElsewhere} reserved by other functions)` : '';
  if (leftUnreserved >= LAMBDA_MINIMUM_UNRESERVED) {
    return {
      perFunction,
      sentence: `Reserving ${perFunction} concurrent executions for each of the ${functions} API functions: the account's Lambda concurrency limit in ${region} is ${limit}${elsewhere}, which leaves ${leftUnreserved} unreserved (Lambda keeps at least ${LAMBDA_MINIMUM_UNRESERVED}).`,
    };
  }
  const needed = reservedElsewhere + wanted + LAMBDA_MINIMUM_UNRESERVED;
  return {
    perFunction: 0,
    sentence: `Reserving no concurrency for the ${functions} API functions: the account's Lambda concurrency limit in ${region} is ${limit}${elsewhere}, and reserving ${perFunction} for each needs a limit of at least ${needed} because Lambda keeps ${LAMBDA_MINIMUM_UNRESERVED} unreserved, so they share the account's pool instead (ask for a higher quota and deploy again to reserve).`,
  };
}

/**
 * The `reservedConcurrency` the person deploying chose themselves: the last `-c`/`--context`
 * value on the command line, else the one in cdk.json's context. Undefined when neither sets it.
 */
export function explicitReservedConcurrency(
  args: readonly string[],
  projectContext: Readonly<Record<string, unknown>>,
): string | undefined {
  let chosen: string | undefined;
  args.forEach((arg, index) => {
    const pair =
      arg === '-c' || arg === '--context'
        ? args[index + 1]
        : /^(-c|--context)=/.test(arg)
          ? arg.slice(arg.indexOf('=') + 1)
          : undefined;
    if (pair?.startsWith('reservedConcurrency=')) {
      chosen = pair.slice('reservedConcurrency='.length);
    }
  });
  if (chosen !== undefined) return chosen;
  const fromProject = projectContext.reservedConcurrency;
  return fromProject === undefined || fromProject === null ? undefined : String(fromProject);
}

/** The `--profile` given to cdk, which the limit must be read with too. */
export function profileArgument(args: readonly string[]): string | undefined {
  let profile: string | undefined;
  args.forEach((arg, index) => {
    if (arg === '--profile') profile = args[index + 1];
    else if (arg.startsWith('--profile=')) profile = arg.slice('--profile='.length);
  });
  return profile;
}
