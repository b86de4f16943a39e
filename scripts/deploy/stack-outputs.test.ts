import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readStackOutputs } from './stack-outputs';

const cloudformation = mockClient(CloudFormationClient);
const client = new CloudFormationClient({ region: 'us-east-1' });

afterEach(() => cloudformation.reset());
afterAll(() => cloudformation.restore());

describe('readStackOutputs', () => {
  it("reads a deployed stack's outputs by key", async () => {
    cloudformation.on(DescribeStacksCommand, { StackName: 'BulkTrashPickup-dev' }).resolves({
      Stacks: [
        {
          StackName: 'BulkTrashPickup-dev',
          CreationTime: new Date(),
          StackStatus: 'UPDATE_COMPLETE',
          Outputs: [{ OutputKey: 'SiteUrl', OutputValue: 'https://d1.cloudfront.net' }],
        },
      ],
    });
    await expect(readStackOutputs(client, 'BulkTrashPickup-dev')).resolves.toEqual({
      SiteUrl: 'https://d1.cloudfront.net',
    });
  });

  it('is undefined for a stack never deployed, and passes any other error on', async () => {
    const missing = Object.assign(new Error('Stack with id BulkTrashPickup-dev does not exist'), {
      name: 'ValidationError',
    });
    cloudformation
      .on(DescribeStacksCommand)
      .rejectsOnce(missing)
      .rejectsOnce(new Error('AccessDenied'));
    await expect(readStackOutputs(client, 'BulkTrashPickup-dev')).resolves.toBeUndefined();
    await expect(readStackOutputs(client, 'BulkTrashPickup-dev')).rejects.toThrow('AccessDenied');
  });
});
