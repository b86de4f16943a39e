/**
 * What the SES stand-in adds to aws-ses-v2-local (decision 054): SES's sending rate, answered as
 * SES answers beyond it (HTTP 429 TooManyRequestsException in SES v2's JSON protocol, so the real
 * SDK throws its real error class), `GetAccount` with that rate, and the permanent refusal SES
 * gives for chosen addresses (MessageRejected, as for a suppressed or unverified recipient).
 */
import type { IncomingMessage } from 'node:http';

/** High enough that the local stack and the tests never meet it unless they lower it. */
export const LOCAL_SES_MAX_SEND_RATE = 1000;

export interface SesLimits {
  /** Emails per second SES accepts (any rolling second). */
  sesMaxSendRate: number;
  /** Addresses SES refuses for good (lower case). */
  sesRejectAddresses: string[];
}

type Answer = { status: number; body: string; contentType: string } | null;

const json = (status: number, body: unknown): Answer => ({
  status,
  body: JSON.stringify(body),
  contentType: 'application/json',
});

/** The recipients of a SendEmail body, lower case; none when it cannot be read. */
function recipients(body: Buffer | undefined): string[] {
  try {
    const parsed = JSON.parse(body?.toString('utf8') ?? '{}') as {
      Destination?: { ToAddresses?: unknown; CcAddresses?: unknown; BccAddresses?: unknown };
    };
    const destination = parsed.Destination ?? {};
    return [destination.ToAddresses, destination.CcAddresses, destination.BccAddresses]
      .flatMap((list) => (Array.isArray(list) ? list : []))
      .map((address) => String(address).toLowerCase());
  } catch {
    return [];
  }
}

/**
 * The rule in front of the SES API: `limits` is read on every call (the tests change it through
 * POST /__local/faults). Only accepted sends count towards the rate.
 */
export function sesLimitRule(
  limits: SesLimits,
  clock: () => number = Date.now,
): (req: IncomingMessage, body?: Buffer) => Answer {
  const accepted: number[] = [];
  return (req, body) => {
    const url = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && url === '/v2/email/account') {
      return json(200, {
        DedicatedIpAutoWarmupEnabled: false,
        EnforcementStatus: 'HEALTHY',
        ProductionAccessEnabled: true,
        SendingEnabled: true,
        SendQuota: {
          Max24HourSend: 50_000,
          MaxSendRate: limits.sesMaxSendRate,
          SentLast24Hours: 0,
        },
      });
    }
    if (req.method !== 'POST' || url !== '/v2/email/outbound-emails') return null;
    const refused = new Set(limits.sesRejectAddresses.map((address) => address.toLowerCase()));
    if (recipients(body).some((address) => refused.has(address))) {
      // SES's words for a suppressed recipient; the address itself is not repeated.
      return json(400, { __type: 'MessageRejected', message: 'Email address is suppressed.' });
    }
    const now = clock();
    while (accepted.length > 0 && accepted[0]! <= now - 1000) accepted.shift();
    if (accepted.length >= limits.sesMaxSendRate) {
      return json(429, {
        __type: 'TooManyRequestsException',
        message: 'Maximum sending rate exceeded.',
      });
    }
    accepted.push(now);
    return null;
  };
}
