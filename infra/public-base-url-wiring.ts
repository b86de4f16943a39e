import { createHash } from 'node:crypto';
import { Lazy, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

export interface WiredFunction {
  readonly node: { readonly id: string };
  readonly fn: lambda.Function;
  /** The environment with the URL added: UpdateFunctionConfiguration replaces it all. */
  environmentWith(publicBaseUrl: string): Record<string, string>;
}

export interface PublicBaseUrlWiringProps {
  functions: WiredFunction[];
  publicBaseUrl: string;
}

/**
 * Sets PUBLIC_BASE_URL once the distribution exists, when the URL is not known at synth. Its
 * physical id hashes the function's template, so every function update is followed by it
 * (decision 010).
 */
export class PublicBaseUrlWiring extends Construct {
  readonly resources: cr.AwsCustomResource[] = [];

  constructor(scope: Construct, id: string, props: PublicBaseUrlWiringProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    props.functions.forEach((wired) => {
      const { node, fn } = wired;
      const cfn = fn.node.defaultChild as lambda.CfnFunction;
      const templateHash = Lazy.string({
        produce: () =>
          createHash('sha256')
            .update(
              JSON.stringify(
                stack.resolve({
                  code: cfn.code,
                  environment: cfn.environment,
                  handler: cfn.handler,
                  runtime: cfn.runtime,
                  architectures: cfn.architectures,
                  memorySize: cfn.memorySize,
                  timeout: cfn.timeout,
                  role: cfn.role,
                  loggingConfig: cfn.loggingConfig,
                  description: cfn.description,
                }),
              ),
            )
            .digest('hex'),
      });
      const call: cr.AwsSdkCall = {
        service: 'Lambda',
        action: 'UpdateFunctionConfiguration',
        parameters: {
          FunctionName: fn.functionName,
          Environment: { Variables: wired.environmentWith(props.publicBaseUrl) },
        },
        physicalResourceId: cr.PhysicalResourceId.of(templateHash),
        // The whole configuration could pass the 4 KB custom resource response limit.
        outputPaths: ['FunctionName'],
        logging: cr.Logging.withDataHidden(),
      };
      const resource = new cr.AwsCustomResource(this, node.id, {
        onCreate: call,
        onUpdate: call,
        policy: cr.AwsCustomResourcePolicy.fromStatements([
          new iam.PolicyStatement({
            actions: ['lambda:UpdateFunctionConfiguration'],
            resources: [fn.functionArn],
          }),
        ]),
        logGroup,
        installLatestAwsSdk: false,
      });
      resource.node.addDependency(fn);
      this.resources.push(resource);
    });

    const provider = stack.node.tryFindChild(
      `AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`,
    );
    if (provider !== undefined) {
      Validations.of(provider).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          "CDK's AwsCustomResource provider role uses the AWS managed basic execution policy (log writing only); its only other permission is lambda:UpdateFunctionConfiguration on the two API functions.",
      });
    }
  }
}
