import { OutcomeMessage } from '../../../components/ui/index.ts';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { StripeSavedCard } from '@store/shared';
import { useAppSelector } from '../../../lib/hooks.ts';
import { notify } from '../../../lib/toast.ts';
import { useCheckoutOrderQuery } from '../../../lib/orders/get-order.ts';
import { usePaymentsStripeConfigQuery } from '../api/stripe-config.ts';
import { usePaymentsStripeMethodsQuery } from '../api/stripe-payment-methods.ts';
import { usePaymentsStripeSaveCardMutation } from '../api/stripe-save-card.ts';
import { usePaymentsStripeDeleteMethodMutation } from '../api/stripe-delete-method.ts';
import { usePaymentsStripePaymentIntentMutation } from '../api/stripe-payment-intent.ts';
import { selectStripeCards } from '../payment-slice.ts';
import { followStripeResult } from '../stripe-payment.ts';
import { useCardFields } from '../use-card-fields.ts';
import { BillingZipField, zipOf } from '../components/BillingZipField.tsx';
import { CHALLENGE_CANCELLED_TEXT, ProviderPageDialog } from '../components/ProviderPageDialog.tsx';
import { SavedCardList } from '../components/SavedCardList.tsx';
import { CardPanelButton, useCardPanel } from './card-panel.tsx';
import type { StripeCardHandle } from './StripeElementCard.tsx';
import type { MethodPanelProps } from './types.ts';

// Stripe's own card element, loaded only with real Stripe keys.
const StripeElementCard = lazy(() => import('./StripeElementCard.tsx'));

export const STRIPE_PAYMENT_FALLBACK_TEXT = 'Your payment could not be completed. Nothing was charged.';
export const STRIPE_SAVE_FALLBACK_TEXT = 'Your card could not be saved. Nothing was charged.';
export const STRIPE_DELETE_FALLBACK_TEXT = 'That card could not be deleted.';
export const STRIPE_UNAVAILABLE_TEXT = 'Card payments through Stripe are not available right now.';

/**
 * Cards through Stripe (ADR 012): the shopper's Stripe cards and a new card, paid with
 * POST v1/payment/stripe/payment-intent; 3-D Secure on Stripe's page. A new card is typed into our card
 * vault's hosted fields with the sandbox, into Stripe's own card element with real keys, and saved with
 * Stripe before it pays. Without an order: list, add, delete after a confirmation.
 */
export default function StripeCardMethod({ orderId, onPaid, onFailed, chosenCard, billingZip: profileZip = '' }: MethodPanelProps) {
  const { data: config, isError: configFailed } = usePaymentsStripeConfigQuery();
  usePaymentsStripeMethodsQuery();
  const cards = useAppSelector(selectStripeCards);
  const [saveCard] = usePaymentsStripeSaveCardMutation();
  const [payIntent] = usePaymentsStripePaymentIntentMutation();
  const [deleteMethod, deleteState] = usePaymentsStripeDeleteMethodMutation();
  const { data: order } = useCheckoutOrderQuery(orderId ?? '', { skip: !orderId });
  const [busy, setBusy] = useState(false);
  const { selectedId, selected, choose, error, setError, fail, deletion } = useCardPanel<StripeSavedCard>({
    cards,
    chosenCard,
    onFailed,
    deleteCard: (id) => deleteMethod(id).unwrap(),
    deleting: deleteState.isLoading,
    deleteFallback: STRIPE_DELETE_FALLBACK_TEXT,
  });
  const elementHandle = useRef<StripeCardHandle | null>(null);
  /** Stripe's 3-D Secure page, shown in a dialog over this page while it is open. */
  const [challengeUrl, setChallengeUrl] = useState<string | null>(null);
  const navigate = useNavigate();
  /** With our hosted fields (the sandbox) the postcode is asked here; Stripe's own card element asks its own. */
  const [billingZip, setBillingZip] = useState(profileZip);

  const usingNewCard = !orderId || selected === null;
  const sandbox = config?.mode === 'sandbox';
  const newCard = useCardFields('card-number', sandbox ? config.vaultOrigin : undefined, usingNewCard);

  /** The new card as Stripe takes it: a vault token (sandbox) or a PaymentMethod of Stripe.js (real keys). */
  async function newCardBody() {
    if (sandbox) {
      if (!newCard.fields) throw new Error('Unable to get token');
      return { vaultToken: (await newCard.fields.tokenize()).token, ...zipOf(billingZip) };
    }
    if (!elementHandle.current) throw new Error('Unable to get token');
    return { paymentMethodId: await elementHandle.current.createPaymentMethod() };
  }

  async function save() {
    setError(null);
    setBusy(true);
    try {
      await saveCard(await newCardBody()).unwrap();
      notify.success('Card saved.');
    } catch (failure) {
      fail(failure, STRIPE_SAVE_FALLBACK_TEXT);
    } finally {
      setBusy(false);
    }
  }

  async function pay(id: string) {
    setError(null);
    setBusy(true);
    try {
      const userPaymentOptionId = selected
        ? selected.userPaymentOptionId
        : (await saveCard(await newCardBody()).unwrap()).userPaymentOptionId;
      const result = await payIntent({ userPaymentOptionId, orderId: id }).unwrap();
      const leaving = await followStripeResult(result, id, {
        onPaid,
        handleClientAction: elementHandle.current ? (secret) => elementHandle.current!.handleNextAction(secret) : undefined,
        openInDialog: setChallengeUrl,
      });
      // Stripe's page over this one: the button stays busy until it has answered.
      if (!leaving) setBusy(false);
    } catch (failure) {
      fail(failure, STRIPE_PAYMENT_FALLBACK_TEXT);
      setBusy(false);
    }
  }

  if (config?.mode === 'off')
    return (
      <p className="payments-muted" data-testid="stripe-card-method">
        {STRIPE_UNAVAILABLE_TEXT}
      </p>
    );

  return (
    <div className="stripe-card-method" data-testid="stripe-card-method">
      {!orderId && cards.length === 0 ? <p className="payments-muted">You have no cards saved with Stripe.</p> : null}
      {chosenCard === undefined ? (
        <SavedCardList
          cards={cards}
          selectedId={selectedId}
          busy={busy || deleteState.isLoading}
          onSelect={choose}
          onDelete={deletion.ask}
          selectable={Boolean(orderId)}
          name="stripe-card"
          listLabel="Cards saved with Stripe"
          itemTestId="stripe-saved-card"
        />
      ) : null}

      <div className="card-fields" hidden={!usingNewCard}>
        <p className="payments-field-label">{orderId ? 'Card number, expiry and CVV' : 'Add a card: number, expiry and CVV'}</p>
        {sandbox ? <div ref={newCard.containerRef} className="card-fields__frame" /> : null}
        {sandbox ? <BillingZipField value={billingZip} onChange={setBillingZip} /> : null}
        {config?.mode === 'stripe' && config.publishableKey ? (
          <Suspense fallback={<p className="payments-muted">Loading the card form…</p>}>
            <StripeElementCard publishableKey={config.publishableKey} handle={elementHandle} />
          </Suspense>
        ) : null}
        {orderId ? (
          <p className="payments-muted">The card is saved with Stripe for your next purchase; you can delete it any time.</p>
        ) : null}
      </div>

      {configFailed ? <OutcomeMessage tone="error">The card form could not be loaded. Please reload the page.</OutcomeMessage> : null}
      {error ? <OutcomeMessage tone="error">{error}</OutcomeMessage> : null}
      <CardPanelButton
        paying={Boolean(orderId)}
        busy={busy}
        disabled={!config}
        total={order?.total}
        testId={orderId ? 'stripe-pay-button' : 'stripe-save-card-button'}
        onClick={() => void (orderId ? pay(orderId) : save())}
      />
      {challengeUrl ? (
        <ProviderPageDialog
          kind="challenge"
          url={challengeUrl}
          onFinished={(path) => void navigate(path)}
          onCancel={() => {
            setChallengeUrl(null);
            setBusy(false);
            setError(CHALLENGE_CANCELLED_TEXT);
          }}
        />
      ) : null}
      {deletion.question}
    </div>
  );
}
