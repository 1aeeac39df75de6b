import type { ComponentType } from 'react';
import { CARD_ROUTE_KINDS, type AllowedPayment, type CardRouteKind } from '@store/shared';
import type { MethodPanelProps } from './types.ts';

/** The panel that takes a new card for each kind the store may route cards to (issue 24). */
export const CARD_ROUTE_PANELS: Record<CardRouteKind, () => Promise<{ default: ComponentType<MethodPanelProps> }>> = {
  card: () => import('./CardMethod.tsx'),
  stripe_card: () => import('./StripeCardMethod.tsx'),
  square_card: () => import('./SquareCardMethod.tsx'),
  cashier: () => import('./CashierMethod.tsx'),
};

/**
 * The kind whose form the shopper gets: the server's answer (its card routing), else, from a server that
 * names none, the first card kind it allows; null when it allows none.
 */
export function routedCardKind(
  route: CardRouteKind | null | undefined,
  allowed: AllowedPayment | Record<string, boolean>,
): CardRouteKind | null {
  if (route && allowed[route]) return route;
  return CARD_ROUTE_KINDS.find((kind) => allowed[kind]) ?? null;
}
