import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { CardRouteKind } from '@store/shared';
import { useAppSelector } from '../../../lib/hooks.ts';
import { usePaymentsAllowedProvidersQuery } from '../api/allowed-providers.ts';
import { selectAllowedPaymentsProviders } from '../payment-slice.ts';
import { CARD_ROUTE_PANELS, routedCardKind } from './card-routes.ts';
import type { MethodPanelProps } from './types.ts';

// One lazy panel per kind, made once: only the routed provider's code is fetched.
const panels = new Map<CardRouteKind, LazyExoticComponent<ComponentType<MethodPanelProps>>>();
function panelOf(kind: CardRouteKind) {
  let panel = panels.get(kind);
  if (!panel) panels.set(kind, (panel = lazy(CARD_ROUTE_PANELS[kind])));
  return panel;
}

/**
 * The pay page's one card form (issue 24): the shopper pays by card, and which provider takes the card
 * is the store's routing (GET v1/payment/allowed-providers cardRoute), never the shopper's choice.
 */
export default function RoutedCardMethod(props: MethodPanelProps) {
  const { data } = usePaymentsAllowedProvidersQuery();
  const allowed = useAppSelector(selectAllowedPaymentsProviders);
  const kind = routedCardKind(data?.cardRoute, allowed);
  if (!kind) return null;
  const Panel = panelOf(kind);
  return (
    <div className="routed-card" data-card-route={kind}>
      <Suspense fallback={<p className="payments-muted">Loading…</p>}>
        <Panel key={kind} {...props} />
      </Suspense>
    </div>
  );
}
