import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatCents, formatCoins } from '@store/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks.ts';
import { notify } from '../../../lib/toast.ts';
import { usePaymentsConfigQuery } from '../api/config.ts';
import { usePaymentsSavedCardsQuery } from '../api/saved-cards.ts';
import { usePaymentsDeleteCardMutation } from '../api/delete-card.ts';
import { selectSavedCards } from '../payment-slice.ts';
import { isUnconfirmedFailure, payWithCard, saveNewCard } from '../card-payment.ts';
import { useCardFields } from '../use-card-fields.ts';
import { SavedCardList } from '../components/SavedCardList.tsx';
import { CardEntryAlerts } from '../components/CardEntryAlerts.tsx';
import { failureText } from '../../../lib/api-failure.ts';
import { useCheckoutOrderQuery } from '../../../lib/orders/get-order.ts';
import '../payments.css';

export const PAYMENT_FALLBACK_TEXT = 'Your payment could not be completed. Nothing was charged.';
export const SAVE_CARD_FALLBACK_TEXT = 'Your card could not be saved. Nothing was charged.';
/** No answer, or a server fault, while paying: the charge may have gone through. */
export const PAYMENT_UNCONFIRMED_TEXT =
  'We could not confirm your payment, so it may have gone through. Please check My purchases before you try again.';

const PAID_STATUSES = new Set(['paid', 'fulfilled']);

/** /add-card/:orderId?: saved cards, a new card through the hosted fields, and Pay (SPEC §2, §4). */
export default function AddCardPage() {
  const { orderId } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data: config, isError: configFailed } = usePaymentsConfigQuery();
  const cardsQuery = usePaymentsSavedCardsQuery();
  const cards = useAppSelector(selectSavedCards);
  // Asked afresh on every visit: the order may have been paid, failed or expired since.
  const orderQuery = useCheckoutOrderQuery(orderId ?? '', { skip: !orderId, refetchOnMountOrArgChange: true });
  const [deleteCard, deleteState] = usePaymentsDeleteCardMutation();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(true);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);

  const selected = cards.find((card) => card.userPaymentOptionId === selectedId) ?? null;
  const usingNewCard = selected === null;
  // Without an order the new-card frame is always shown: it saves a card (SPEC §4 step 1).
  const newCard = useCardFields('card-number', config?.vaultOrigin, usingNewCard);
  const cvv = useCardFields('cvv', config?.vaultOrigin, Boolean(orderId) && !usingNewCard);
  const order = orderQuery.data;
  const payable = order?.status === 'pending';

  async function removeCard(id: string) {
    setError(null);
    try {
      await deleteCard(id).unwrap();
      if (selectedId === id) setSelectedId(null);
      notify.success('Card deleted.');
    } catch (failure) {
      setError(failureText(failure, 'That card could not be deleted.'));
    }
  }

  /** No order: the card is verified for zero and saved; the list shows it first (the cardSaved reducer). */
  async function save() {
    setError(null);
    setPaying(true);
    try {
      const { token } = await requireFields(newCard.fields).tokenize();
      await saveNewCard(token, dispatch);
      notify.success('Card saved.');
    } catch (failure) {
      setError(failureText(failure, SAVE_CARD_FALLBACK_TEXT));
    } finally {
      setPaying(false);
    }
  }

  async function pay() {
    if (!orderId) return;
    setError(null);
    setUnconfirmed(false);
    setPaying(true);
    try {
      const body = selected
        ? { orderId, userPaymentOptionId: selected.userPaymentOptionId, cvvToken: (await requireFields(cvv.fields).tokenize()).token }
        : { orderId, cardToken: (await requireFields(newCard.fields).tokenize()).token, saveCard };
      const outcome = await payWithCard(body, { dispatch, goTo: (url) => window.location.assign(url) });
      // A challenge leaves the page for the bank's; the button stays busy until it has gone.
      if (outcome.kind === 'approved') {
        setPaying(false);
        showSuccess(outcome.orderId);
      }
    } catch (failure) {
      if (isUnconfirmedFailure(failure)) {
        await settleUnconfirmed(orderId);
        return;
      }
      setPaying(false);
      setError(failureText(failure, PAYMENT_FALLBACK_TEXT));
      // A declined order is failed for good: the page shows that, and the shopper tries again from the cart.
      if (!(failure instanceof Error)) void orderQuery.refetch();
    }
  }

  function showSuccess(paidOrderId: string) {
    void navigate(`/payment-success?orderId=${encodeURIComponent(paidOrderId)}`);
  }

  /** The answer was lost: ask for the order again; if the payment went through after all, say so. */
  async function settleUnconfirmed(unsureOrderId: string) {
    const { data: latest } = await orderQuery.refetch();
    setPaying(false);
    if (latest && PAID_STATUSES.has(latest.status)) {
      showSuccess(unsureOrderId);
      return;
    }
    setUnconfirmed(true);
  }

  return (
    <div className="payments-page">
      <title>{orderId ? 'Pay for your order' : 'Your cards'}</title>
      <h1>{orderId ? 'Pay for your order' : 'Your cards'}</h1>
      {order ? (
        <section className="payments-panel" aria-label="Order">
          <ul className="payments-order-lines">
            {order.items.map((item) => (
              <li key={`${item.itemId}`}>
                {item.name} × {item.quantity}
                <span>{formatCents(item.unitPrice * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <p className="payments-order-total">
            Total <strong data-testid="order-total">{formatCents(order.total)}</strong>
          </p>
          <p className="payments-muted">{formatCoins(order.totalCoins)} coins will be added to your wallet.</p>
          {!payable ? (
            <p className="payments-error" role="status">
              This order is {order.status}. <Link to="/cart">Back to your cart</Link>
            </p>
          ) : null}
        </section>
      ) : orderQuery.isError ? (
        <p className="payments-error" role="alert">
          We couldn't find that order. <Link to="/cart">Back to your cart</Link>
        </p>
      ) : null}

      <section className="payments-panel" aria-label="Payment method">
        <h2>{orderId ? 'Pay with' : 'Saved cards'}</h2>
        {cardsQuery.isSuccess && cards.length === 0 && !orderId ? <p className="payments-muted">You have no saved cards.</p> : null}
        <SavedCardList
          cards={cards}
          selectedId={selected?.userPaymentOptionId ?? null}
          busy={paying || deleteState.isLoading}
          onSelect={setSelectedId}
          onDelete={(id) => void removeCard(id)}
          selectable={Boolean(orderId)}
        />
        {orderId ? (
          <>
            <div className="card-fields" hidden={!usingNewCard}>
              <p className="payments-field-label">Card number and expiry</p>
              <div ref={newCard.containerRef} className="card-fields__frame" />
              <label className="payments-checkbox">
                <input type="checkbox" checked={saveCard} onChange={(event) => setSaveCard(event.target.checked)} />
                Save this card
              </label>
            </div>
            <div className="card-fields" hidden={usingNewCard}>
              <p className="payments-field-label">CVV of the selected card</p>
              <div ref={cvv.containerRef} className="card-fields__frame card-fields__frame--cvv" />
            </div>
            <CardEntryAlerts configFailed={configFailed} error={error} />
            {unconfirmed ? (
              <p className="payments-error" role="alert" data-testid="payment-unconfirmed">
                {PAYMENT_UNCONFIRMED_TEXT} <Link to="/my-purchases">Open My purchases</Link>
              </p>
            ) : null}
            <button
              type="button"
              className="payments-button"
              data-testid="pay-button"
              disabled={paying || !payable}
              onClick={() => void pay()}
            >
              {paying ? 'Paying…' : order ? `Pay ${formatCents(order.total)}` : 'Pay'}
            </button>
            <p className="payments-muted payments-note">
              Card details go straight to our secure card vault; this store never sees your card number.
            </p>
          </>
        ) : (
          <>
            <div className="card-fields">
              <p className="payments-field-label">Add a card: number and expiry</p>
              <div ref={newCard.containerRef} className="card-fields__frame" />
            </div>
            <CardEntryAlerts configFailed={configFailed} error={error} />
            <button
              type="button"
              className="payments-button"
              data-testid="save-card-button"
              disabled={paying || configFailed}
              onClick={() => void save()}
            >
              {paying ? 'Saving…' : 'Save card'}
            </button>
            <p className="payments-muted payments-note">
              Your card is checked for $0.00 and saved; nothing is charged. This store never sees your card number.
            </p>
          </>
        )}
      </section>
    </div>
  );
}

function requireFields<T>(fields: T | null): T {
  if (!fields) throw new Error('Unable to get token');
  return fields;
}
