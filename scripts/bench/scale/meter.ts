/**
 * Counts and times every AWS SDK call this process makes (issue 42, item 3): the DynamoDB
 * commands by name, with the capacity DynamoDB would bill (asked for with ReturnConsumedCapacity,
 * which dynalite answers for item reads and writes; a Query's is estimated from the bytes it
 * returned, as DynamoDB bills it: 4 KB a read unit, half for an eventually consistent read), the
 * SES sends, the S3 calls. It wraps the clients' `send` on their prototypes, so the functions'
 * own clients, made at import, are counted without a change to them. Bench only.
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface Tally {
  /** DynamoDB calls by command (`GetCommand`, `UpdateCommand`, …). */
  dynamo: Record<string, number>;
  dynamoCalls: number;
  /** Wall time summed over the DynamoDB calls (they may overlap), ms. */
  dynamoMs: number;
  /** Read and write request units, as on-demand DynamoDB would bill them. */
  readUnits: number;
  writeUnits: number;
  /** Request units by command (read units for reads, write units for writes). */
  units: Record<string, number>;
  /**
   * Write units by the key's kind (`LEAD`, `HAULER`, `OUTBOX`, …: the partition key up to its
   * `#`): a kind with one partition key, as `OUTBOX`, is one partition's share of the table.
   */
  writesByKey: Record<string, number>;
  /** SES SendEmail calls that SES accepted. */
  emails: number;
  /** Other SES, S3 and other calls by `Service:Command`. */
  other: Record<string, number>;
}

const empty = (): Tally => ({
  dynamo: {},
  dynamoCalls: 0,
  dynamoMs: 0,
  readUnits: 0,
  writeUnits: 0,
  units: {},
  writesByKey: {},
  emails: 0,
  other: {},
});

const READS = new Set(['GetCommand', 'BatchGetCommand', 'QueryCommand', 'ScanCommand']);
const CAPACITY_COMMANDS = new Set([
  'GetCommand',
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'BatchGetCommand',
  'BatchWriteCommand',
  'QueryCommand',
  'ScanCommand',
  'GetItemCommand',
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchGetItemCommand',
  'BatchWriteItemCommand',
]);

interface Command {
  constructor: { name: string };
  input: Record<string, unknown>;
}
type Send = (this: unknown, command: Command, ...rest: unknown[]) => Promise<unknown>;

function units(output: Record<string, unknown> | undefined): number | undefined {
  const consumed = output?.ConsumedCapacity as
    { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
  if (consumed === undefined) return undefined;
  const list = Array.isArray(consumed) ? consumed : [consumed];
  return list.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
}

/** A Query or Scan's read units from its items' size (JSON bytes: close to DynamoDB's own count). */
function estimatedReadUnits(input: Record<string, unknown>, output: Record<string, unknown>) {
  const bytes = Buffer.byteLength(JSON.stringify(output.Items ?? []));
  const blocks = Math.max(1, Math.ceil(bytes / 4096));
  return input.ConsistentRead === true ? blocks : blocks / 2;
}

/** The kind of item a write touches: its partition key up to the first `#`. */
function keyKind(input: Record<string, unknown>): string {
  const key = (input.Key ?? input.Item) as Record<string, unknown> | undefined;
  const pk = key?.pk;
  if (typeof pk !== 'string') return 'batch';
  return pk.split('#')[0] ?? pk;
}

let tally = empty();
let installed: (() => void) | undefined;

/** Starts counting (once per process); `stop` puts the clients' own `send` back. */
export function installMeter(): { stop: () => void } {
  if (installed !== undefined) return { stop: installed };
  const patched: [{ prototype: { send: Send } }, Send | undefined, boolean][] = [];
  const wrap = (owner: { prototype: { send: Send } }, service: 'dynamo' | 'ses' | 's3'): void => {
    const own = Object.prototype.hasOwnProperty.call(owner.prototype, 'send');
    const original = owner.prototype.send;
    patched.push([owner, own ? original : undefined, own]);
    owner.prototype.send = async function metered(this: unknown, command, ...rest) {
      const name = command.constructor.name;
      if (service !== 'dynamo') {
        const output = await original.call(this, command, ...rest);
        if (service === 'ses' && name === 'SendEmailCommand') tally.emails += 1;
        else tally.other[`${service}:${name}`] = (tally.other[`${service}:${name}`] ?? 0) + 1;
        return output;
      }
      if (CAPACITY_COMMANDS.has(name) && command.input.ReturnConsumedCapacity === undefined) {
        command.input.ReturnConsumedCapacity = 'TOTAL';
      }
      const started = performance.now();
      try {
        return await original.call(this, command, ...rest).then((output) => {
          const out = output as Record<string, unknown>;
          const counted =
            units(out) ??
            (name === 'QueryCommand' || name === 'ScanCommand'
              ? estimatedReadUnits(command.input, out)
              : 0);
          if (READS.has(name) || name.startsWith('BatchGet') || name.startsWith('GetItem')) {
            tally.readUnits += counted;
          } else {
            tally.writeUnits += counted;
            const kind = keyKind(command.input);
            tally.writesByKey[kind] = (tally.writesByKey[kind] ?? 0) + counted;
          }
          tally.units[name] = (tally.units[name] ?? 0) + counted;
          return output;
        });
      } finally {
        tally.dynamoMs += performance.now() - started;
        tally.dynamoCalls += 1;
        tally.dynamo[name] = (tally.dynamo[name] ?? 0) + 1;
      }
    };
  };
  wrap(DynamoDBDocumentClient as unknown as { prototype: { send: Send } }, 'dynamo');
  wrap(DynamoDBClient as unknown as { prototype: { send: Send } }, 'dynamo');
  wrap(SESv2Client as unknown as { prototype: { send: Send } }, 'ses');
  wrap(S3Client as unknown as { prototype: { send: Send } }, 's3');
  installed = () => {
    for (const [owner, original, own] of patched) {
      if (own) owner.prototype.send = original!;
      else delete (owner.prototype as { send?: Send }).send;
    }
    installed = undefined;
  };
  return { stop: installed };
}

/** What was counted since the last `resetTally`, and a fresh count from now. */
export function takeTally(): Tally {
  const taken = tally;
  tally = empty();
  return taken;
}
