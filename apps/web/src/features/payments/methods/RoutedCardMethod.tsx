import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { CardRouteKind } from '@store/shared';
import { useAppSelector } from '../../../lib/hooks.ts';
import { usePaymentsAllowedProvidersQuery } from '../api/allowed-providers.ts';
import { selectAllowedPaymentsProviders } from '../payment-slice.ts';
import { SavedCardList } from '../components/SavedCardList.tsx';
import { WhenMounted } from '../components/WhenMounted.tsx';
import { useSavedCardsOfEveryKind } from '../use-saved-cards-of-every-kind.ts';
import { CARD_ROUTE_PANELS, routedCardKind } from './card-routes.ts';
import type { MethodPanelProps } from './types.ts';

// One lazy panel per kind, made once: only the code of the providers in use is fetched.
const panels = new Map<CardRouteKind, LazyExoticComponent<ComponentType<MethodPanelProps>>>();
function panelOf(kind: CardRouteKind) {
  let panel = panels.get(kind);
  if (!panel) panels.set(kind, (panel = lazy(CARD_ROUTE_PANELS[kind])));
  return panel;
}

/** The shopper's choice in the list: a saved card's id, or null for a new card. */
type Choice = string | null;

/**
 * The pay page's one card form (issue 24). Saved cards of every provider show in one list, the one the
 * shopper last paid with chosen for them; a saved card is paid through the provider that keeps it. A new
 * card goes where the store routes cards (GET v1/payment/allowed-providers cardRoute), never the
 * shopper's choice of provider.
 */
export default function RoutedCardMethod(props: MethodPanelProps) {
  const { data } = usePaymentsAllowedProvidersQuery();
  const allowed = useAppSelector(selectAllowedPaymentsProviders);
  const routed = routedCardKind(data?.cardRoute, allowed);
  const saved = useSavedCardsOfEveryKind(allowed);
  // Chosen once every list has answered, and kept: a list asked again later never moves the shopper's choice.
  const [choice, setChoice] = useState<Choice | undefined>(undefined);
  if (choice === undefined && data && saved.settled) setChoice(saved.lastUsed?.userPaymentOptionId ?? null);

  if (choice === undefined) return <p className="payments-muted">Loading…</p>;
  // A chosen card that went away (deleted elsewhere) falls back to a new card, or, where no new card can be
  // taken, to the first saved one.
  const chosen = saved.cards.find((card) => card.userPaymentOptionId === choice) ?? (routed === null ? (saved.cards[0] ?? null) : null);
  const kind: CardRouteKind | null = chosen ? chosen.kind : routed;
  if (!kind) return <WhenMounted run={props.onFilledIn} />;
  const Panel = panelOf(kind);
  return (
    <div className="routed-card" data-card-route={kind}>
      <SavedCardList
        cards={saved.cards}
        selectedId={chosen?.userPaymentOptionId ?? null}
        busy={false}
        onSelect={setChoice}
        selectable
        offerNewCard={routed !== null}
      />
      <Suspense fallback={<p className="payments-muted">Loading…</p>}>
        <Panel key={kind} {...props} chosenCard={chosen?.userPaymentOptionId ?? null} />
        {/* The list is in and, with this, the form's code: the page may show what goes under the panel. */}
        <WhenMounted run={props.onFilledIn} />
      </Suspense>
    </div>
  );
}
