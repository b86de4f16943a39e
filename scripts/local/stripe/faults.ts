/**
 * The next N API requests matching a method and path answer 500 having done nothing, or are done
 * and lose their answer (a dropped connection): what an idempotent retry must survive.
 */
import { paramError } from './errors';

export type FaultMode = '500' | 'lost-answer';

export interface FaultRule {
  method: string;
  path: string;
  mode: FaultMode;
  remaining: number;
}

function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part === '*' || part === got[i]);
}

export class Faults {
  rules: FaultRule[] = [];

  add(input: unknown): FaultRule {
    const { method, path, mode, count } = (input ?? {}) as Record<string, unknown>;
    if (typeof method !== 'string' || typeof path !== 'string' || !path.startsWith('/v1/')) {
      throw paramError('A fault names a method and an API path (/v1/…)', 'path');
    }
    if (mode !== '500' && mode !== 'lost-answer') {
      throw paramError('mode is "500" or "lost-answer"', 'mode');
    }
    const remaining = count === undefined ? 1 : Number(count);
    if (!Number.isInteger(remaining) || remaining < 1) {
      throw paramError('count is a whole number of requests, 1 or more', 'count');
    }
    const rule = { method: method.toUpperCase(), path, mode, remaining } as FaultRule;
    this.rules.push(rule);
    return rule;
  }

  /** The fault this request meets, counted off its rule. */
  take(method: string, path: string): FaultMode | null {
    const rule = this.rules.find((r) => r.method === method && matches(r.path, path));
    if (rule === undefined) return null;
    rule.remaining -= 1;
    if (rule.remaining === 0) this.rules = this.rules.filter((r) => r !== rule);
    return rule.mode;
  }

  clear(): void {
    this.rules = [];
  }
}
