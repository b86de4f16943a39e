import { Annotations, ArnFormat, CfnOutput, Stack } from 'aws-cdk-lib';
import type { IPublicHostedZone } from 'aws-cdk-lib/aws-route53';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface EmailProps {
  senderAddress: string;
  operationsAddress: string;
  /** Verify the whole domain (Easy DKIM) instead of the sender address alone. */
  emailDomain?: string;
  /** When it is `emailDomain`'s zone, the DKIM records are created in it. */
  hostedZone?: IPublicHostedZone;
  sandboxRecipients?: string[];
  /** Address settings that fell back to a placeholder: the synth fails unless allowed. */
  placeholders?: string[];
  allowPlaceholders?: boolean;
}

/**
 * The SES identity and two configuration sets, homeowners' (the identity's default) and
 * operations', so a throttled or paused confirmation flow never blocks the team's mail; and an
 * identity for each recipient the sandbox would refuse (operations, the sandbox recipients).
 */
export class Email extends Construct {
  readonly identity: ses.EmailIdentity;
  /** Recipients verified as address identities: their owners click SES's link. */
  readonly recipientIdentities: ses.EmailIdentity[];
  readonly configurationSet: ses.ConfigurationSet;
  readonly operationsConfigurationSet: ses.ConfigurationSet;
  readonly senderAddress: string;
  readonly operationsAddress: string;
  /** SES authorises the identity, the configuration set and, in the sandbox, each recipient. */
  readonly sendEmailResources: string[];

  constructor(scope: Construct, id: string, props: EmailProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.senderAddress = props.senderAddress;
    this.operationsAddress = props.operationsAddress;

    const configurationSet = (setId: string, flow: string) => {
      const set = new ses.ConfigurationSet(this, setId, {
        reputationMetrics: true,
        suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
        sendingEnabled: true,
      });
      // Each bounce and complaint as a CloudWatch metric (namespace AWS/SES, dimension `flow`).
      set.addEventDestination('BouncesAndComplaints', {
        destination: ses.EventDestination.cloudWatchDimensions([
          { name: 'flow', source: ses.CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: flow },
        ]),
        events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
      });
      return set;
    };
    this.configurationSet = configurationSet('ConfigurationSet', 'homeowner');
    this.operationsConfigurationSet = configurationSet('OperationsConfigurationSet', 'operations');

    const zoneForDomain =
      props.emailDomain !== undefined && props.hostedZone?.zoneName === props.emailDomain
        ? props.hostedZone
        : undefined;
    const identity =
      props.emailDomain === undefined
        ? ses.Identity.email(props.senderAddress)
        : zoneForDomain !== undefined
          ? ses.Identity.publicHostedZone(zoneForDomain)
          : ses.Identity.domain(props.emailDomain);
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity,
      configurationSet: this.configurationSet,
      ...(props.emailDomain !== undefined ? { dkimIdentity: ses.DkimIdentity.easyDkim() } : {}),
    });

    if (props.emailDomain !== undefined && zoneForDomain === undefined) {
      // No hosted zone for the domain: the three Easy DKIM CNAMEs must be created by hand.
      this.identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `DkimRecord${index + 1}`, {
          description: `Easy DKIM CNAME ${index + 1} to create in the DNS of ${props.emailDomain}`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }

    const identityArn = (name: string): string =>
      stack.formatArn({
        service: 'ses',
        resource: 'identity',
        resourceName: name,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      });
    const recipientIdentities = new Set(
      [props.operationsAddress, ...(props.sandboxRecipients ?? [])].map((address) =>
        address.toLowerCase(),
      ),
    );
    // With an address identity, the sender is already the first resource.
    if (props.emailDomain === undefined)
      recipientIdentities.delete(props.senderAddress.toLowerCase());
    // In the sandbox SES refuses mail to any address it has not verified; the domain identity
    // covers every address at the domain.
    const domainSuffix = props.emailDomain === undefined ? undefined : `@${props.emailDomain}`;
    this.recipientIdentities = [...recipientIdentities]
      .filter((address) => domainSuffix === undefined || !address.endsWith(domainSuffix))
      .map(
        (address) =>
          new ses.EmailIdentity(this, `Recipient-${address}`, {
            identity: ses.Identity.email(address),
          }),
      );
    const configurationSetArn = (set: ses.ConfigurationSet): string =>
      stack.formatArn({
        service: 'ses',
        resource: 'configuration-set',
        resourceName: set.configurationSetName,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      });
    this.sendEmailResources = [
      this.identity.emailIdentityArn,
      configurationSetArn(this.configurationSet),
      configurationSetArn(this.operationsConfigurationSet),
      ...[...recipientIdentities].map(identityArn),
    ];

    const placeholders = props.placeholders ?? [];
    if (placeholders.length > 0 && props.allowPlaceholders === true) {
      Annotations.of(this).addWarningV2(
        'bulk-trash:placeholder-email-addresses',
        `Using placeholder example.com values for ${placeholders.join(' and ')} (-c allowExampleAddresses=true). Emails cannot be sent until you deploy with -c senderAddress=... -c operationsAddress=... and verify the sender identity in SES.`,
      );
    } else if (placeholders.length > 0) {
      // SES would wait forever for someone to verify quotes@example.com: no email could be sent.
      Annotations.of(this).addError(
        `${placeholders.join(' and ')} ${placeholders.length > 1 ? 'are' : 'is'} not set, so the stack would use example.com addresses that SES can never verify and no email could be sent: deploy with -c senderAddress=quotes@your-domain -c operationsAddress=you@your-domain, or pass -c allowExampleAddresses=true to use the placeholders on purpose.`,
      );
    }
  }
}
