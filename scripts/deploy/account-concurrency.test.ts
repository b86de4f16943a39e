import {
  GetAccountSettingsCommand,
  GetFunctionConcurrencyCommand,
  LambdaClient,
  ListFunctionsCommand,
} from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readAccountConcurrency } from './account-concurrency';

const lambda = mockClient(LambdaClient);
const client = new LambdaClient({ region: 'us-west-2' });

afterEach(() => lambda.reset());
afterAll(() => lambda.restore());

describe('readAccountConcurrency', () => {
  it("reads the limit, what is unreserved and what the stack's own functions reserve, across pages", async () => {
    lambda.on(GetAccountSettingsCommand).resolves({
      AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 930 },
    });
    lambda
      .on(ListFunctionsCommand)
      .resolves({
        Functions: [
          { FunctionName: 'BulkTrashPickup-ApiCreateUploadUrls1A2B-abc' },
          { FunctionName: 'OtherStack-Worker-def' },
        ],
        NextMarker: 'page-2',
      })
      .on(ListFunctionsCommand, { Marker: 'page-2' })
      .resolves({
        Functions: [
          { FunctionName: 'BulkTrashPickup-ApiSendBookingEmails3C4D-ghi' },
          { FunctionName: 'BulkTrashPickup-CustomCDKBucketDeployment-jkl' },
          { FunctionName: 'BulkTrashPickupCopy-Api-mno' },
        ],
      });
    lambda
      .on(GetFunctionConcurrencyCommand)
      .resolves({})
      .on(GetFunctionConcurrencyCommand, {
        FunctionName: 'BulkTrashPickup-ApiCreateUploadUrls1A2B-abc',
      })
      .resolves({ ReservedConcurrentExecutions: 5 })
      .on(GetFunctionConcurrencyCommand, {
        FunctionName: 'BulkTrashPickup-ApiSendBookingEmails3C4D-ghi',
      })
      .resolves({ ReservedConcurrentExecutions: 5 });

    await expect(readAccountConcurrency(client, 'BulkTrashPickup')).resolves.toEqual({
      region: 'us-west-2',
      limit: 1000,
      unreserved: 930,
      reservedByStack: 10,
    });
    expect(
      lambda.commandCalls(GetFunctionConcurrencyCommand).map((call) => call.args[0].input),
    ).toEqual([
      { FunctionName: 'BulkTrashPickup-ApiCreateUploadUrls1A2B-abc' },
      { FunctionName: 'BulkTrashPickup-ApiSendBookingEmails3C4D-ghi' },
      { FunctionName: 'BulkTrashPickup-CustomCDKBucketDeployment-jkl' },
    ]);
  });

  it('refuses an answer without the account limit, naming the fields it needs', async () => {
    lambda.on(GetAccountSettingsCommand).resolves({ AccountUsage: { FunctionCount: 3 } });
    await expect(readAccountConcurrency(client, 'BulkTrashPickup')).rejects.toThrow(
      'Lambda GetAccountSettings answered without AccountLimit.ConcurrentExecutions and UnreservedConcurrentExecutions.',
    );
  });

  it("passes Lambda's own error on (e.g. no permission), for the deploy script to explain", async () => {
    lambda
      .on(GetAccountSettingsCommand)
      .rejects(new Error('not authorized: lambda:GetAccountSettings'));
    await expect(readAccountConcurrency(client, 'BulkTrashPickup')).rejects.toThrow(
      'not authorized: lambda:GetAccountSettings',
    );
  });
});
