import { Checkbox, OutcomeMessage } from '../../../components/ui/index.ts';
import { lazy, Suspense, useRef, useState } from 'react';
import type { SquareSavedCard } from '@store/shared';
import { notify } from '../../../lib/toast.ts';
import { useCheckoutOrderQuery } from '../../../lib/orders/get-order.ts';
import { usePaymentsSquareConfigQuery } from '../api/square-config.ts';
import { usePaymentsSquareCardsQuery } from '../api/square-cards.ts';
import { usePaymentsSquareCreatePaymentMutation } from '../api/square-create-payment.ts';
import { usePaymentsSquareSaveCardMutation } from '../api/square-save-card.ts';
import { usePaymentsSquareDeleteCardMutation } from '../api/square-delete-card.ts';
import { useCardFields } from '../use-card-fields.ts';
import { BillingZipField, zipOf } from '../components/BillingZipField.tsx';
import { SavedCardList } from '../components/SavedCardList.tsx';
import { CardPanelButton, useCardPanel } from './card-panel.tsx';
import type { SquareCardHandle } from './SquareSdkCard.tsx';
import type { MethodPanelProps } from './types.ts';

// Square's own card form, loaded only with real Square credentials.
const SquareSdkCard = lazy(() => import('./SquareSdkCard.tsx'));

export const SQUARE_PAYMENT_FALLBACK_TEXT = 'Your payment could not be completed. Nothing was charged.';
export const SQUARE_SAVE_FALLBACK_TEXT = 'Your card could not be saved. Nothing was charged.';
export const SQUARE_DELETE_FALLBACK_TEXT = 'That card could not be deleted.';
export const SQUARE_CONFIG_FAILED_TEXT = 'The card form could not be loaded. Please reload the page.';

/**
 * Cards through Square (ADR 013): the shopper's saved Square cards and a new card, paid with
 * POST v1/payment/square/create-payment. A new card is typed into Square's own form (its Web Payments
 * SDK) with real credentials, into our card vault's hosted fields with the built-in sandbox; either way
 * the store gets only a token. Without an order: list, add (saved at Square), delete after a confirmation.
 */
export default function SquareCardMethod({ orderId, onPaid, onFailed, chosenCard, billingZip: profileZip = '' }: MethodPanelProps) {
  const { data: config, isError: configFailed } = usePaymentsSquareConfigQuery();
  const { data: cards = [], isSuccess: cardsLoaded } = usePaymentsSquareCardsQuery();
  const { data: order } = useCheckoutOrderQuery(orderId ?? '', { skip: !orderId });
  const [createPayment] = usePaymentsSquareCreatePaymentMutation();
  const [saveCard] = usePaymentsSquareSaveCardMutation();
  const [deleteCard, deleteState] = usePaymentsSquareDeleteCardMutation();
  const [keepCard, setKeepCard] = useState(false);
  const [busy, setBusy] = useState(false);
  const { selectedId, selected, choose, error, setError, fail, deletion } = useCardPanel<SquareSavedCard>({
    cards,
    chosenCard,
    onFailed,
    deleteCard: (id) => deleteCard(id).unwrap(),
    deleting: deleteState.isLoading,
    deleteFallback: SQUARE_DELETE_FALLBACK_TEXT,
  });
  const sdkHandle = useRef<SquareCardHandle | null>(null);
  /** With our hosted fields (the sandbox) the postcode is asked here; Square's own card form asks its own. */
  const [billingZip, setBillingZip] = useState(profileZip);

  const usingNewCard = !orderId || selected === null;
  const vaultFields = config?.kind === 'vault-fields' ? config : null;
  const sdk = config?.kind === 'web-payments-sdk' ? config : null;
  const newCard = useCardFields('card-number', vaultFields?.vaultOrigin, usingNewCard);

  /** The new card's one-time token: a vault token (sandbox), or Square's token and verifyBuyer's (real credentials). */
  async function newCardSource(intent: 'CHARGE' | 'STORE'): Promise<{ sourceId: string; verificationToken?: string; billingZip?: string }> {
    if (vaultFields) {
      if (!newCard.fields) throw new Error('Unable to get token');
      return { sourceId: (await newCard.fields.tokenize()).token, ...zipOf(billingZip) };
    }
    if (!sdkHandle.current) throw new Error('Unable to get token');
    return sdkHandle.current.tokenize({ amountCents: intent === 'CHARGE' ? (order?.total ?? null) : null, intent });
  }

  async function pay(id: string) {
    setError(null);
    setBusy(true);
    try {
      const source = selected ? { savedCardId: selected.userPaymentOptionId } : { ...(await newCardSource('CHARGE')), saveCard: keepCard };
      const result = await createPayment({ orderId: id, ...source }).unwrap();
      setBusy(false);
      onPaid(id, result.status === 'approved' ? 'paid' : 'processing');
    } catch (failure) {
      fail(failure, SQUARE_PAYMENT_FALLBACK_TEXT);
      setBusy(false);
    }
  }

  async function save() {
    setError(null);
    setBusy(true);
    try {
      await saveCard(await newCardSource('STORE')).unwrap();
      notify.success('Card saved.');
    } catch (failure) {
      fail(failure, SQUARE_SAVE_FALLBACK_TEXT);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="square-card-method" data-testid="square-card-method">
      {!orderId && cardsLoaded && cards.length === 0 ? <p className="payments-muted">You have no cards saved with Square.</p> : null}
      {chosenCard === undefined ? (
        <SavedCardList
          cards={cards}
          selectedId={selectedId}
          busy={busy || deleteState.isLoading}
          onSelect={choose}
          onDelete={deletion.ask}
          selectable={Boolean(orderId)}
          offerNewCard={cards.length > 0}
          name="square-card"
          listLabel="Cards saved with Square"
          itemTestId="square-saved-card"
        />
      ) : null}

      <div className="card-fields" hidden={!usingNewCard}>
        <p className="payments-field-label">{orderId ? 'Card number, expiry and CVV' : 'Add a card: number, expiry and CVV'}</p>
        {vaultFields ? <div ref={newCard.containerRef} className="card-fields__frame" /> : null}
        {vaultFields ? <BillingZipField value={billingZip} onChange={setBillingZip} /> : null}
        {sdk ? (
          <Suspense fallback={<p className="payments-muted">Loading the card form…</p>}>
            <SquareSdkCard sdkUrl={sdk.sdkUrl} applicationId={sdk.applicationId} locationId={sdk.locationId} handle={sdkHandle} />
          </Suspense>
        ) : null}
        {orderId ? (
          <Checkbox checked={keepCard} onCheckedChange={setKeepCard}>
            Save this card
          </Checkbox>
        ) : null}
      </div>

      {configFailed ? <OutcomeMessage tone="error">{SQUARE_CONFIG_FAILED_TEXT}</OutcomeMessage> : null}
      {error ? <OutcomeMessage tone="error">{error}</OutcomeMessage> : null}
      <CardPanelButton
        paying={Boolean(orderId)}
        busy={busy}
        disabled={!config}
        total={order?.total}
        testId={orderId ? 'square-pay-button' : 'square-save-card-button'}
        onClick={() => void (orderId ? pay(orderId) : save())}
      />
      <p className="payments-muted payments-note">
        Card details go straight to the card form's own frame; this store never sees your card number.
      </p>
      {deletion.question}
    </div>
  );
}
