import type { SavedCardKind } from '@store/shared';
import { useAppSelector } from '../../lib/hooks.ts';
import { usePaymentsSavedCardsQuery } from './api/saved-cards.ts';
import { usePaymentsStripeMethodsQuery } from './api/stripe-payment-methods.ts';
import { usePaymentsSquareCardsQuery } from './api/square-cards.ts';
import { usePaymentsLastUsedCardQuery } from './api/last-used-card.ts';
import { selectSavedCards, selectStripeCards } from './payment-slice.ts';
import type { ListedCard } from './components/SavedCardList.tsx';

/** A saved card and the card form that pays with it. */
export type KindedCard = ListedCard & { kind: SavedCardKind };

export interface SavedCardsOfEveryKind {
  /** Every saved card the shopper may pay with now: the card provider's, Stripe's and Square's, each newest first. */
  cards: KindedCard[];
  /** The card the shopper last paid with, when it is still among them. */
  lastUsed: KindedCard | null;
  /** Every list asked for has answered (or failed): the page can choose a card without changing its mind later. */
  settled: boolean;
}

interface QueryState {
  isSuccess: boolean;
  isError: boolean;
}
const answered = (query: QueryState, skipped: boolean) => skipped || query.isSuccess || query.isError;

/**
 * The pay page's one list of saved cards (issue 24): whichever provider keeps a card, the shopper sees it
 * here, and the store's card routing decides only where a new card goes. A provider's cards are asked for
 * only while the store lets the shopper pay with them; a list that fails is left out, not fatal.
 */
export function useSavedCardsOfEveryKind(allowed: Record<string, boolean>): SavedCardsOfEveryKind {
  const skipCard = !allowed.saved_card;
  const skipStripe = !allowed.stripe_card;
  const skipSquare = !allowed.square_card;
  const cardQuery = usePaymentsSavedCardsQuery(undefined, { skip: skipCard });
  const stripeQuery = usePaymentsStripeMethodsQuery(undefined, { skip: skipStripe });
  const squareQuery = usePaymentsSquareCardsQuery(undefined, { skip: skipSquare });
  // Asked afresh on every pay page: the previous order may have been paid a moment ago.
  const lastUsedQuery = usePaymentsLastUsedCardQuery(undefined, { refetchOnMountOrArgChange: true });
  const providerCards = useAppSelector(selectSavedCards);
  const stripeCards = useAppSelector(selectStripeCards);

  const cards: KindedCard[] = [
    ...(skipCard ? [] : providerCards.map((card) => ({ ...card, kind: 'card' as const }))),
    ...(skipStripe ? [] : stripeCards.map((card) => ({ ...card, kind: 'stripe_card' as const }))),
    ...(skipSquare ? [] : (squareQuery.data ?? []).map((card) => ({ ...card, kind: 'square_card' as const }))),
  ];
  const last = lastUsedQuery.data;
  const lastUsed = last
    ? (cards.find((card) => card.kind === last.kind && card.userPaymentOptionId === last.userPaymentOptionId) ?? null)
    : null;
  const settled =
    answered(cardQuery, skipCard) &&
    answered(stripeQuery, skipStripe) &&
    answered(squareQuery, skipSquare) &&
    answered(lastUsedQuery, false) &&
    !lastUsedQuery.isFetching;
  return { cards, lastUsed, settled };
}
