/**
 * DynamoDB's TransactWriteItems in front of dynalite, which has none (decision 059). Every other
 * call passes through untouched. A transaction runs alone (plain calls wait until it is done, and
 * it waits for those in flight): each action is applied as its own conditional write, and the
 * first refused condition puts back what the earlier ones changed, so nobody ever sees half of
 * it. It answers as DynamoDB does: `TransactionCanceledException` with one reason per action,
 * DynamoDB's limits (100 actions, 4 MB, one action per item) and the client request token, which
 * makes a retried transaction (the SDK's own retry after a lost answer) succeed without applying it
 * twice for ten minutes.
 */
import { createHash } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TRANSACTION_LIMITS } from '../../lambdas/shared/runtime/table-transactions';
import { LEAD_TABLE_KEYS } from '#contract/core/table-keys';

const TOKEN_MEMORY_MS = 10 * 60_000;
const TARGET = 'DynamoDB_20120810';
const ERROR_PREFIX = 'com.amazonaws.dynamodb.v20120810#';

type Wire = Record<string, unknown>;
interface Answer {
  status: number;
  body: string;
}

const answer = (status: number, body: Wire): Answer => ({ status, body: JSON.stringify(body) });
const validation = (message: string) =>
  answer(400, { __type: `${ERROR_PREFIX}ValidationException`, message });

/** Many plain calls at once, or one transaction alone. */
function gate() {
  let plain = 0;
  let running: Promise<void> | undefined;
  let queue: Promise<void> = Promise.resolve();
  let drained: (() => void)[] = [];
  return {
    async enterPlain(): Promise<void> {
      while (running !== undefined) await running;
      plain += 1;
    },
    leavePlain(): void {
      plain -= 1;
      if (plain === 0) {
        const waiting = drained;
        drained = [];
        waiting.forEach((resolve) => resolve());
      }
    },
    async alone<T>(work: () => Promise<T>): Promise<T> {
      const before = queue;
      let release = () => {};
      queue = new Promise<void>((resolve) => (release = resolve));
      await before;
      let done = () => {};
      running = new Promise<void>((resolve) => (done = resolve));
      try {
        while (plain > 0) await new Promise<void>((resolve) => drained.push(resolve));
        return await work();
      } finally {
        running = undefined;
        done();
        release();
      }
    },
  };
}

interface Action {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  spec: Wire;
  tableName: string;
  key: Wire;
}

function actionOf(entry: Wire): Action | string {
  const kinds = (['Put', 'Update', 'Delete', 'ConditionCheck'] as const).filter(
    (kind) => entry[kind] !== undefined,
  );
  if (kinds.length !== 1) return 'Each TransactItem must name exactly one action';
  const kind = kinds[0]!;
  const spec = entry[kind] as Wire;
  const { partitionKey, sortKey } = LEAD_TABLE_KEYS;
  const source = (kind === 'Put' ? spec.Item : spec.Key) as Wire | undefined;
  if (typeof spec.TableName !== 'string' || source === undefined) return 'Incomplete action';
  return {
    kind,
    spec,
    tableName: spec.TableName,
    key: { [partitionKey]: source[partitionKey], [sortKey]: source[sortKey] },
  };
}

/** The one-item call that does an action's part (a condition check rewrites the item unchanged). */
function singleCall(action: Action, old: Wire | undefined): { operation: string; body: Wire } {
  const { spec, tableName: TableName, key: Key } = action;
  const condition = {
    ...(spec.ConditionExpression === undefined
      ? {}
      : { ConditionExpression: spec.ConditionExpression }),
    ...(spec.ExpressionAttributeNames === undefined
      ? {}
      : { ExpressionAttributeNames: spec.ExpressionAttributeNames }),
    ...(spec.ExpressionAttributeValues === undefined
      ? {}
      : { ExpressionAttributeValues: spec.ExpressionAttributeValues }),
  };
  switch (action.kind) {
    case 'Put':
      return { operation: 'PutItem', body: { TableName, Item: spec.Item, ...condition } };
    case 'Update':
      return {
        operation: 'UpdateItem',
        body: { TableName, Key, UpdateExpression: spec.UpdateExpression, ...condition },
      };
    case 'Delete':
      return { operation: 'DeleteItem', body: { TableName, Key, ...condition } };
    case 'ConditionCheck':
      return old === undefined
        ? { operation: 'DeleteItem', body: { TableName, Key, ...condition } }
        : { operation: 'PutItem', body: { TableName, Item: old, ...condition } };
  }
}

/** Front for dynalite at `targetPort`, listening on `port` (0: a free one). */
export async function startTransactionFront(options: {
  port: number;
  targetPort: number;
}): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  const turns = gate();
  const tokens = new Map<string, { digest: string; at: number }>();

  const call = (
    operation: string,
    body: Wire,
    headers: IncomingHttpHeaders,
  ): Promise<{ status: number; json: Wire; text: string }> =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const upstream = request(
        {
          host: '127.0.0.1',
          port: options.targetPort,
          method: 'POST',
          path: '/',
          headers: {
            'content-type': 'application/x-amz-json-1.0',
            'x-amz-target': `${TARGET}.${operation}`,
            'x-amz-date': headers['x-amz-date'] ?? '20260101T000000Z',
            authorization: headers.authorization ?? '',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode ?? 500,
              json: JSON.parse(text || '{}') as Wire,
              text,
            });
          });
        },
      );
      upstream.on('error', reject);
      upstream.end(payload);
    });

  async function transact(raw: string, headers: IncomingHttpHeaders): Promise<Answer> {
    let input: Wire;
    try {
      input = JSON.parse(raw) as Wire;
    } catch {
      return answer(400, { __type: 'com.amazon.coral.service#SerializationException' });
    }
    const entries = input.TransactItems;
    if (!Array.isArray(entries) || entries.length === 0) {
      return validation('TransactItems must have at least one item');
    }
    if (entries.length > TRANSACTION_LIMITS.actions) {
      return validation(
        `Member must have length less than or equal to ${TRANSACTION_LIMITS.actions}`,
      );
    }
    if (Buffer.byteLength(JSON.stringify(entries)) > TRANSACTION_LIMITS.bytes) {
      return validation('Transaction request size exceeds the maximum of 4 MB');
    }
    const actions: Action[] = [];
    for (const entry of entries as Wire[]) {
      const action = actionOf(entry);
      if (typeof action === 'string') return validation(action);
      actions.push(action);
    }
    const keys = actions.map((action) => `${action.tableName}/${JSON.stringify(action.key)}`);
    if (new Set(keys).size !== keys.length) {
      return validation('Transaction request cannot include multiple operations on one item');
    }
    const token = typeof input.ClientRequestToken === 'string' ? input.ClientRequestToken : '';
    const digest = createHash('sha256').update(JSON.stringify(entries)).digest('hex');
    const now = Date.now();
    for (const [seen, remembered] of tokens) {
      if (now - remembered.at > TOKEN_MEMORY_MS) tokens.delete(seen);
    }
    const earlier = token === '' ? undefined : tokens.get(token);
    if (earlier !== undefined) {
      return earlier.digest === digest
        ? answer(200, {})
        : answer(400, {
            __type: `${ERROR_PREFIX}IdempotentParameterMismatchException`,
            Message: 'The request uses the same client token as a previous, different request',
          });
    }

    const applied: { action: Action; old: Wire | undefined }[] = [];
    const putBack = async () => {
      for (const { action, old } of applied.reverse()) {
        const { tableName: TableName, key: Key } = action;
        await (old === undefined
          ? call('DeleteItem', { TableName, Key }, headers)
          : call('PutItem', { TableName, Item: old }, headers));
      }
    };
    for (const [index, action] of actions.entries()) {
      const read = await call(
        'GetItem',
        { TableName: action.tableName, Key: action.key, ConsistentRead: true },
        headers,
      );
      if (read.status !== 200) {
        await putBack();
        return { status: read.status, body: read.text };
      }
      const old = read.json.Item as Wire | undefined;
      const single = singleCall(action, old);
      const result = await call(single.operation, single.body, headers);
      if (result.status === 200) {
        applied.push({ action, old });
        continue;
      }
      await putBack();
      if (!String(result.json.__type).endsWith('#ConditionalCheckFailedException')) {
        return { status: result.status, body: result.text };
      }
      const reasons = actions.map((other, i) =>
        i !== index
          ? { Code: 'None' }
          : {
              Code: 'ConditionalCheckFailed',
              Message: 'The conditional request failed',
              ...(other.spec.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && old !== undefined
                ? { Item: old }
                : {}),
            },
      );
      return answer(400, {
        __type: `${ERROR_PREFIX}TransactionCanceledException`,
        Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((reason) => reason.Code).join(', ')}]`,
        CancellationReasons: reasons,
      });
    }
    if (token !== '') tokens.set(token, { digest, at: now });
    return answer(200, {});
  }

  function pass(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    void turns.enterPlain().then(() => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        turns.leavePlain();
      };
      const upstream = request(
        {
          host: '127.0.0.1',
          port: options.targetPort,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answered) => {
          res.writeHead(answered.statusCode ?? 500, answered.headers);
          answered.pipe(res);
          answered.on('end', leave);
          answered.on('error', leave);
        },
      );
      upstream.on('error', () => {
        leave();
        res.destroy();
      });
      upstream.end(body);
    });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.headers['x-amz-target'] !== `${TARGET}.TransactWriteItems`) {
        pass(req, res, body);
        return;
      }
      turns
        .alone(() => transact(body.toString('utf8'), req.headers))
        .catch((error: unknown) =>
          answer(500, {
            __type: 'com.amazon.coral.service#InternalFailure',
            message: String(error),
          }),
        )
        .then((result) => {
          res.writeHead(result.status, {
            'content-type': 'application/x-amz-json-1.0',
            'content-length': Buffer.byteLength(result.body),
          });
          res.end(result.body);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
