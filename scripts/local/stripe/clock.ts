/**
 * Real time plus an offset that tests move forward instead of waiting. A move scoped to one
 * customer or account (like Stripe's test clocks) spares other tests' holds. Never backwards:
 * objects made "in the future" would otherwise come before older ones.
 */
import { paramError } from './errors';

export interface ClockState {
  offsetSeconds: number;
  scoped: Record<string, number>;
}

export const freshClock = (): ClockState => ({ offsetSeconds: 0, scoped: {} });

export class Clock {
  constructor(
    readonly state: ClockState,
    private readonly realMs: () => number = Date.now,
  ) {}

  now(scope?: string | null): number {
    const extra = scope ? (this.state.scoped[scope] ?? 0) : 0;
    return Math.floor(this.realMs() / 1000) + this.state.offsetSeconds + extra;
  }

  move(change: { advanceSeconds?: number; at?: number; scope?: string }): void {
    const { scope } = change;
    const seconds =
      change.at !== undefined ? change.at - this.now(scope) : (change.advanceSeconds ?? 0);
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw paramError("The stand-in's clock only moves forward", 'advanceSeconds');
    }
    const whole = Math.round(seconds);
    if (scope) this.state.scoped[scope] = (this.state.scoped[scope] ?? 0) + whole;
    else this.state.offsetSeconds += whole;
  }

  describe(): { now: number; iso: string; offsetSeconds: number; scoped: Record<string, object> } {
    const scoped = Object.fromEntries(
      Object.entries(this.state.scoped).map(([scope, extra]) => [
        scope,
        { offsetSeconds: extra, now: this.now(scope), iso: iso(this.now(scope)) },
      ]),
    );
    return {
      now: this.now(),
      iso: iso(this.now()),
      offsetSeconds: this.state.offsetSeconds,
      scoped,
    };
  }
}

export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
