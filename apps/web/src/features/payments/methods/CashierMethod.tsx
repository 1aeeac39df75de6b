import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CashierCardView } from '@store/shared';
import { useAppSelector } from '../../../lib/hooks.ts';
import { failureText, readApiFailure } from '../../../lib/api-failure.ts';
import { usePaymentsCashierMutation } from '../api/cashier.ts';
import type { PaymentState } from '../payment-slice.ts';
import { PAYMENT_REFUSAL_CODES, type MethodPanelProps } from './types.ts';

export const CASHIER_FALLBACK_TEXT = 'The secure checkout page could not be opened. Nothing was charged.';
export const CASHIER_CANCELED_TEXT = 'You left the secure checkout page. Nothing was charged.';
export const CASHIER_NOTE = 'Cards are added on the secure checkout page while you pay: tick "Save this card" there.';

/** The slice holds each saved item by its userPaymentOptionId; the cashier's list carries the card's details too. */
type CashierListEntry = { userPaymentOptionId: string } & Partial<CashierCardView>;

/** Leaves the store for the provider's page (a full navigation; tests watch it here). */
export const leaveStore = { to: (url: string) => window.location.assign(url) };

const selectCashierCards = (state: { usersCards: PaymentState }) => state.usersCards.userSavedNuveiCashierCards as CashierListEntry[];

const cardText = (card: CashierListEntry) =>
  card.brand && card.last4
    ? `${card.brand.toUpperCase()} •••• ${card.last4}${card.expMonth && card.expYear ? ` (${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')})` : ''}`
    : card.userPaymentOptionId;

/**
 * The card provider's cashier (its hosted payment page, ADR 014): with an order, a button that opens
 * the page for it, where the shopper types or picks a card and comes back to the store. Without one,
 * the cards saved on that page (SPEC §3 userSavedNuveiCashierCards), which are added only while paying.
 */
export default function CashierMethod({ orderId, onFailed }: MethodPanelProps) {
  const cards = useAppSelector(selectCashierCards);
  const [openCashier, { isLoading }] = usePaymentsCashierMutation();
  const [error, setError] = useState<string | null>(null);
  const [params] = useSearchParams();
  // The page's Cancel sends the shopper back here with ?cashier=canceled.
  const canceled = Boolean(orderId) && params.get('cashier') === 'canceled';

  async function goToCashier(id: string) {
    setError(null);
    try {
      const { url } = await openCashier({ orderId: id }).unwrap();
      leaveStore.to(url);
    } catch (failure) {
      // SPEC §8: the caller's error callback first; a refusal the page shows itself.
      const message = failureText(failure, CASHIER_FALLBACK_TEXT);
      const { code } = readApiFailure(failure);
      const refused = code !== null && PAYMENT_REFUSAL_CODES.includes(code);
      setError(refused && onFailed ? null : message);
      onFailed?.(message, false, code ?? undefined);
    }
  }

  if (orderId)
    return (
      <div className="cashier-method" data-testid="cashier-method">
        {canceled && !error ? (
          <p className="payments-muted" role="status" data-testid="cashier-canceled">
            {CASHIER_CANCELED_TEXT}
          </p>
        ) : null}
        <p className="payments-muted">You will pay on our card provider&apos;s secure checkout page, then come back here.</p>
        {error ? (
          <p className="payments-error" role="alert">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          className="payments-button"
          data-testid="cashier-button"
          disabled={isLoading}
          onClick={() => void goToCashier(orderId)}
        >
          {isLoading ? 'Opening the secure checkout page…' : 'Continue to secure checkout'}
        </button>
      </div>
    );

  return (
    <div className="cashier-method" data-testid="cashier-method">
      {cards.length === 0 ? (
        <p className="payments-muted">You have no cards saved on the secure checkout page.</p>
      ) : (
        <ul className="saved-list" data-testid="cashier-cards">
          {cards.map((card) => (
            <li key={card.userPaymentOptionId}>{cardText(card)}</li>
          ))}
        </ul>
      )}
      <p className="payments-muted payments-note">{CASHIER_NOTE}</p>
    </div>
  );
}
