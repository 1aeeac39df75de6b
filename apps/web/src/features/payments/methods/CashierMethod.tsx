import { Button, OutcomeMessage } from '../../../components/ui/index.ts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../lib/hooks.ts';
import { notify } from '../../../lib/toast.ts';
import { failureText, readApiFailure } from '../../../lib/api-failure.ts';
import { usePaymentsCashierMutation } from '../api/cashier.ts';
import { usePaymentsStripeMethodsQuery } from '../api/stripe-payment-methods.ts';
import { usePaymentsStripeDeleteMethodMutation } from '../api/stripe-delete-method.ts';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { ProviderPageDialog } from '../components/ProviderPageDialog.tsx';
import { selectCashierCards, type SavedCashierCardEntry } from '../payment-slice.ts';
import { PAYMENT_REFUSAL_CODES, type MethodPanelProps } from './types.ts';

export const CASHIER_FALLBACK_TEXT = 'The secure checkout page could not be opened. Nothing was charged.';
export const CASHIER_CANCELED_TEXT = 'You left the secure checkout page. Nothing was charged.';
export const CASHIER_NOTE = 'Cards are added on the secure checkout page while you pay: tick "Save this card" there.';
export const CASHIER_DELETE_FALLBACK_TEXT = 'That card could not be deleted. Please try again.';
export const NO_CASHIER_CARDS_TEXT = 'You have no cards saved on the secure checkout page.';

const cardText = (card: SavedCashierCardEntry) =>
  card.brand && card.last4
    ? `${card.brand.toUpperCase()} •••• ${card.last4}${card.expMonth && card.expYear ? ` (${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')})` : ''}`
    : card.userPaymentOptionId;

/** The card as the shopper knows it, for its Delete button and the confirmation: 'Visa ending 1111'. */
export const cashierCardLabel = (card: SavedCashierCardEntry) =>
  card.brand && card.last4 ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}` : 'This card';

/**
 * The card provider's cashier (its hosted payment page, ADR 014): with an order, a button that opens
 * the page for it in a dialog over the pay page (issue 24), where the shopper types or picks a card; the page's
 * end tells the pay page where to go on (the receipt, the cart after a decline, here after its Cancel). Without one,
 * the cards saved on that page (SPEC §3 userSavedNuveiCashierCards), which are added only while paying,
 * each deleted after a confirmation (SPEC §4: DELETE v1/payment/stripe/payment-methods/{id}).
 */
export default function CashierMethod({ orderId, onFailed }: MethodPanelProps) {
  // The list comes with Stripe's (GET v1/payment/stripe/payment-methods nuveiCards): asked here too, as the
  // Stripe panels that also ask for it may not be offered to this shopper. The page with an order needs
  // no list: the cashier's own page offers the saved cards.
  const listQuery = usePaymentsStripeMethodsQuery(undefined, { skip: Boolean(orderId), refetchOnMountOrArgChange: true });
  const cards = useAppSelector(selectCashierCards);
  const [openCashier, { isLoading }] = usePaymentsCashierMutation();
  const [deleteCard, deleteState] = usePaymentsStripeDeleteMethodMutation();
  const [confirming, setConfirming] = useState<SavedCashierCardEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [pageUrl, setPageUrl] = useState<string | null>(null);
  // The page's Cancel sends the shopper back here with ?cashier=canceled.
  const canceled = Boolean(orderId) && params.get('cashier') === 'canceled';

  async function goToCashier(id: string) {
    setError(null);
    try {
      const { url } = await openCashier({ orderId: id }).unwrap();
      setPageUrl(url);
    } catch (failure) {
      // SPEC §8: the caller's error callback first; a refusal the page shows itself.
      const message = failureText(failure, CASHIER_FALLBACK_TEXT);
      const { code } = readApiFailure(failure);
      const refused = code !== null && PAYMENT_REFUSAL_CODES.includes(code);
      setError(refused && onFailed ? null : message);
      onFailed?.(message, false, code ?? undefined);
    }
  }

  async function remove(card: SavedCashierCardEntry) {
    setError(null);
    try {
      // The slice drops it from the list when the server has (payment-slice.ts).
      await deleteCard(card.userPaymentOptionId).unwrap();
      setConfirming(null);
      notify.success('Card deleted.');
    } catch (failure) {
      setConfirming(null);
      setError(failureText(failure, CASHIER_DELETE_FALLBACK_TEXT));
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
        {error ? <OutcomeMessage tone="error">{error}</OutcomeMessage> : null}
        <Button size="large" data-testid="cashier-button" disabled={isLoading} onClick={() => void goToCashier(orderId)}>
          {isLoading ? 'Opening the secure checkout page…' : 'Continue to secure checkout'}
        </Button>
        {pageUrl ? (
          <ProviderPageDialog
            kind="cashier"
            url={pageUrl}
            onFinished={(path) => {
              setPageUrl(null);
              void navigate(path);
            }}
            onCancel={() => {
              // Closed before the page was done: the page's payment is left open and ends by itself (nothing was paid).
              setPageUrl(null);
              setError(CASHIER_CANCELED_TEXT);
            }}
          />
        ) : null}
      </div>
    );

  return (
    <div className="cashier-method" data-testid="cashier-method">
      {error ? <OutcomeMessage tone="error">{error}</OutcomeMessage> : null}
      {cards.length === 0 ? (
        <p className="payments-muted">{listQuery.isLoading ? 'Loading your cards…' : NO_CASHIER_CARDS_TEXT}</p>
      ) : (
        <ul className="saved-cards" aria-label="Cards saved on the secure checkout page" data-testid="cashier-cards">
          {cards.map((card) => (
            <li key={card.userPaymentOptionId} className="saved-card" data-testid="cashier-card">
              <span className="saved-card__brand">{cardText(card)}</span>
              <Button
                variant="link"
                disabled={deleteState.isLoading}
                aria-label={`Delete ${cashierCardLabel(card)}`}
                onClick={() => setConfirming(card)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="payments-muted payments-note">{CASHIER_NOTE}</p>
      {confirming ? (
        <ConfirmDelete
          label={cashierCardLabel(confirming)}
          busy={deleteState.isLoading}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
