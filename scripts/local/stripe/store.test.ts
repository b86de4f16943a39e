import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { events, saveCard, startTestStandIn, webhookReceiver } from './testing';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'stripe-stand-in-'));
  folders.push(folder);
  return folder;
}

describe('the stand-in’s data folder', () => {
  it('keeps objects, the clock and idempotent answers across a restart', async () => {
    const dir = dataDir();
    const first = await startTestStandIn({ dataDir: dir });
    const { customer, paymentMethod } = await saveCard(first, '4242424242424242');
    const keyed = await first.stripe.customers.create(
      { name: 'Kept' },
      { idempotencyKey: 'restart-key' },
    );
    await first.admin('POST', '/_standin/clock', { advanceSeconds: 3_600 });
    await first.close();

    const file = path.join(dir, 'stripe', 'customers.json');
    expect(existsSync(file)).toBe(true);
    expect(() => JSON.parse(readFileSync(file, 'utf8')) as unknown).not.toThrow();

    const second = await startTestStandIn({ dataDir: dir });
    try {
      expect((await second.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
      const methods = await second.stripe.customers.listPaymentMethods(customer.id);
      expect(methods.data.map((m) => m.id)).toEqual([paymentMethod]);
      const again = await second.stripe.customers.create(
        { name: 'Kept' },
        { idempotencyKey: 'restart-key' },
      );
      expect(again.id).toBe(keyed.id);
      const clock = await second.admin<{ offsetSeconds: number }>('GET', '/_standin/clock');
      expect(clock.offsetSeconds).toBe(3_600);
    } finally {
      await second.close();
    }
  });

  it('delivers after a restart an event that was still waiting for its receiver', async () => {
    const dir = dataDir();
    let up = false;
    const endpoint = await webhookReceiver(() => (up ? 200 : 503));
    const webhooks = {
      endpoints: [{ url: endpoint.url, secret: 'whsec_restart' }],
      retryBaseMs: 600_000,
    };
    try {
      const first = await startTestStandIn({ dataDir: dir, webhooks });
      const customer = await first.stripe.customers.create();
      await expect.poll(() => endpoint.received.length).toBe(1);
      await first.close();

      up = true;
      const second = await startTestStandIn({ dataDir: dir, webhooks });
      try {
        await expect
          .poll(async () => (await events(second))[0]?.deliveries[endpoint.url]?.state)
          .toBe('delivered');
        const [event] = await events(second);
        expect(event?.data.object.id).toBe(customer.id);
        expect(event?.deliveries[endpoint.url]?.attempts.map((a) => a.status)).toEqual([503, 200]);
      } finally {
        await second.close();
      }
    } finally {
      await endpoint.close();
    }
  });

  it('starts empty every time without a data folder', async () => {
    const test = await startTestStandIn();
    try {
      await test.stripe.customers.create();
      const stateless = await startTestStandIn();
      try {
        const listed = await stateless.admin<{ events: unknown[] }>('GET', '/_standin/events');
        expect(listed.events).toEqual([]);
      } finally {
        await stateless.close();
      }
    } finally {
      await test.close();
    }
  });
});
