import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';

/** A deployed stack's outputs by key; undefined when the stack does not exist (a first deploy). */
export async function readStackOutputs(
  client: CloudFormationClient,
  stackName: string,
): Promise<Record<string, string> | undefined> {
  try {
    const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
    const outputs = Stacks?.[0]?.Outputs ?? [];
    return Object.fromEntries(
      outputs.flatMap(({ OutputKey, OutputValue }) =>
        OutputKey === undefined || OutputValue === undefined ? [] : [[OutputKey, OutputValue]],
      ),
    );
  } catch (error) {
    // CloudFormation answers a missing stack with a ValidationError, not a NotFound.
    if (error instanceof Error && /does not exist/.test(error.message)) return undefined;
    throw error;
  }
}

export function cloudFormation(region: string, profile: string | undefined): CloudFormationClient {
  return new CloudFormationClient({ region, ...(profile === undefined ? {} : { profile }) });
}
