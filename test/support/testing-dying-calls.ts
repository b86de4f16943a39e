// A function killed mid-call, for the tests of what outlives it: the table's client lets one
// write land, then every DynamoDB call after it throws.
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';

/**
 * Runs `call` with `table` dying right after the write `isTheWrite` names (by the command's name
 * and input): that write lands, every DynamoDB call after it throws. Returns whether it landed.
 */
export async function dyingRightAfter(
  table: LeadTable,
  isTheWrite: (commandName: string, input: unknown) => boolean,
  call: () => Promise<unknown>,
): Promise<boolean> {
  const { middlewareStack } = table.client;
  let written = false;
  middlewareStack.add(
    (next, context) => async (args) => {
      if (written) throw new Error('the call died');
      const output = await next(args);
      if (isTheWrite(String(context.commandName), args.input)) written = true;
      return output;
    },
    { step: 'initialize', name: 'dieAfterTheWrite' },
  );
  try {
    await call().catch(() => undefined);
  } finally {
    middlewareStack.remove('dieAfterTheWrite');
  }
  return written;
}
