import { checkoutRoutes } from './checkout';
import { connectRoutes } from './connect';
import type { Route } from './core';
import { customerRoutes } from './customers';
import { disputeRoutes } from './disputes';
import { eventRoutes } from './events';
import { moneyRoutes } from './money';
import { paymentIntentRoutes } from './payment-intents';
import { refundRoutes } from './refunds';
import { transferRoutes } from './transfers';

export const API_ROUTES: readonly Route[] = [
  ...customerRoutes,
  ...checkoutRoutes,
  ...paymentIntentRoutes,
  ...moneyRoutes,
  ...refundRoutes,
  ...disputeRoutes,
  ...connectRoutes,
  ...eventRoutes,
  ...transferRoutes,
];

/** The route for a method and path, with its `:name` segments. */
export function matchRoute(
  method: string,
  pathname: string,
): { route: Route; path: Record<string, string> } | undefined {
  const parts = pathname.split('/');
  for (const route of API_ROUTES) {
    if (route.method !== method) continue;
    const want = route.pattern.split('/');
    if (want.length !== parts.length) continue;
    const path: Record<string, string> = {};
    const ok = want.every((segment, i) => {
      if (segment.startsWith(':')) {
        path[segment.slice(1)] = decodeURIComponent(parts[i]!);
        return parts[i] !== '';
      }
      return segment === parts[i];
    });
    if (ok) return { route, path };
  }
  return undefined;
}
