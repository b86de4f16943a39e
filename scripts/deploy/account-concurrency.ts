/** Reads the account's Lambda concurrency (limit, unreserved, this stack's own reservations). */
import {
  GetAccountSettingsCommand,
  GetFunctionConcurrencyCommand,
  type LambdaClient,
  paginateListFunctions,
} from '@aws-sdk/client-lambda';
import type { AccountConcurrency } from './reserved-concurrency';

/**
 * GetAccountSettings for the limits; the stack's functions are those CloudFormation named
 * `{stackName}-…`, and each one's reservation comes from GetFunctionConcurrency.
 */
export async function readAccountConcurrency(
  client: LambdaClient,
  stackName: string,
): Promise<AccountConcurrency> {
  const { AccountLimit } = await client.send(new GetAccountSettingsCommand({}));
  const limit = AccountLimit?.ConcurrentExecutions;
  const unreserved = AccountLimit?.UnreservedConcurrentExecutions;
  if (limit === undefined || unreserved === undefined) {
    throw new Error(
      'Lambda GetAccountSettings answered without AccountLimit.ConcurrentExecutions and UnreservedConcurrentExecutions.',
    );
  }
  let reservedByStack = 0;
  for await (const page of paginateListFunctions({ client }, {})) {
    for (const { FunctionName } of page.Functions ?? []) {
      if (FunctionName === undefined || !FunctionName.startsWith(`${stackName}-`)) continue;
      const { ReservedConcurrentExecutions } = await client.send(
        new GetFunctionConcurrencyCommand({ FunctionName }),
      );
      reservedByStack += ReservedConcurrentExecutions ?? 0;
    }
  }
  return { region: await client.config.region(), limit, unreserved, reservedByStack };
}
