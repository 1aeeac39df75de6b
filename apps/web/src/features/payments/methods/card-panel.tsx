import { useState } from 'react';
import { formatCents } from '@store/shared';
import { Button } from '../../../components/ui/index.ts';
import { notify } from '../../../lib/toast.ts';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { cardLabel, type ListedCard } from '../components/SavedCardList.tsx';
import type { MethodPanelProps } from './types.ts';
import { usePanelError } from './use-panel-error.ts';

// The shell the three card panels (the card provider's, Stripe's and Square's) share (issue 24): which saved
// card pays, deleting one after a question, and the one decisive button. Each panel keeps only what its
// provider does differently: how a new card is tokenised and how the payment is sent.

/**
 * The saved card the panel pays with. On the pay page the one list of every provider's cards chooses
 * (`chosenCard`); on the manage page, or alone, the panel's own list does. None chosen: a new card.
 */
function useSavedCardChoice<C extends ListedCard>(cards: readonly C[], chosenCard: MethodPanelProps['chosenCard']) {
  const [ownChoice, choose] = useState<string | null>(null);
  const selectedId = chosenCard !== undefined ? chosenCard : ownChoice;
  const selected = cards.find((card) => card.userPaymentOptionId === selectedId) ?? null;
  return { selectedId, selected, choose };
}

/**
 * Delete on a saved card: `ask(card)` opens the question (`question`, rendered by the panel); Delete in it
 * removes the card, forgets it as the panel's choice and says so, or reports the failure the panel's way.
 */
function useSavedCardDeletion<C extends ListedCard>({
  deleteCard,
  busy,
  panel,
  fallback,
  choice,
}: {
  deleteCard: (userPaymentOptionId: string) => Promise<unknown>;
  busy: boolean;
  panel: Pick<ReturnType<typeof usePanelError>, 'setError' | 'fail'>;
  /** Said when the provider gives no reason. */
  fallback: string;
  /** The panel's choice (useSavedCardChoice): a card that goes stops being chosen. */
  choice: Pick<ReturnType<typeof useSavedCardChoice>, 'selectedId' | 'choose'>;
}) {
  const [confirming, setConfirming] = useState<C | null>(null);
  async function remove(card: C) {
    panel.setError(null);
    try {
      await deleteCard(card.userPaymentOptionId);
      if (choice.selectedId === card.userPaymentOptionId) choice.choose(null);
      setConfirming(null);
      notify.success('Card deleted.');
    } catch (failure) {
      setConfirming(null);
      panel.fail(failure, fallback);
    }
  }
  const question = confirming ? (
    <ConfirmDelete
      label={cardLabel(confirming)}
      busy={busy}
      onConfirm={() => void remove(confirming)}
      onCancel={() => setConfirming(null)}
    />
  ) : null;
  return { ask: setConfirming, question };
}

/**
 * A card panel's shell in one call: its choice of saved card, its message and failure reporting
 * (usePanelError), and Delete with its question.
 */
export function useCardPanel<C extends ListedCard>({
  cards,
  chosenCard,
  onFailed,
  deleteCard,
  deleting,
  deleteFallback,
}: {
  cards: readonly C[];
  chosenCard: MethodPanelProps['chosenCard'];
  onFailed: MethodPanelProps['onFailed'];
  deleteCard: (userPaymentOptionId: string) => Promise<unknown>;
  deleting: boolean;
  deleteFallback: string;
}) {
  const choice = useSavedCardChoice(cards, chosenCard);
  const panel = usePanelError(onFailed);
  const deletion = useSavedCardDeletion<C>({ deleteCard, busy: deleting, panel, fallback: deleteFallback, choice });
  return { ...choice, ...panel, deletion };
}

/** The panel's decisive button: "Pay $total" for an order, "Save card" without one; busy while it works. */
export function CardPanelButton({
  paying,
  busy,
  disabled = false,
  total,
  testId,
  onClick,
}: {
  /** True on the pay page (an order to pay), false where cards are managed. */
  paying: boolean;
  busy: boolean;
  disabled?: boolean;
  /** The order's total in cents, once it is known. */
  total?: number;
  testId: string;
  onClick: () => void;
}) {
  const idle = paying ? (total === undefined ? 'Pay' : `Pay ${formatCents(total)}`) : 'Save card';
  return (
    <Button size="large" data-testid={testId} disabled={busy || disabled} onClick={onClick}>
      {busy ? (paying ? 'Paying…' : 'Saving…') : idle}
    </Button>
  );
}
