import { Checkbox, SelectField } from '../../../components/ui/index.ts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { COUNTRIES } from '@store/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks.ts';
import { notify } from '../../../lib/toast.ts';
import { readApiFailure } from '../../../lib/api-failure.ts';
import { useCheckoutOrderQuery } from '../../../lib/orders/get-order.ts';
import { usePaymentsConfigQuery } from '../api/config.ts';
import { usePaymentsSavedCardsQuery } from '../api/saved-cards.ts';
import { usePaymentsDeleteCardMutation } from '../api/delete-card.ts';
import { selectSavedCards } from '../payment-slice.ts';
import { browserDetails, isUnconfirmedFailure, payWithCard, runThreeDsMethod, saveNewCard } from '../card-payment.ts';
import { useCardFields } from '../use-card-fields.ts';
import { SavedCardList } from '../components/SavedCardList.tsx';
import { CardPanelButton, useCardPanel } from './card-panel.tsx';
import { BillingZipField, zipOf } from '../components/BillingZipField.tsx';
import { CardEntryAlerts } from '../components/CardEntryAlerts.tsx';
import { CHALLENGE_CANCELLED_TEXT, ProviderPageDialog } from '../components/ProviderPageDialog.tsx';
import type { SavedCard } from '../types.ts';
import type { MethodPanelProps } from './types.ts';

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

/** The answers that name the billing country: the profile has none (422), or the one chosen is no country (400). */
const COUNTRY_FIELDS = new Set(['address.country', 'billingCountry']);

export const PAYMENT_FALLBACK_TEXT = 'Your payment could not be completed. Nothing was charged.';
export const SAVE_CARD_FALLBACK_TEXT = 'Your card could not be saved. Nothing was charged.';
export const DELETE_CARD_FALLBACK_TEXT = 'That card could not be deleted.';
/** No answer, or a server fault, while paying: the charge may have gone through. */
export const PAYMENT_UNCONFIRMED_TEXT =
  'We could not confirm your payment, so it may have gone through. Please check My purchases before you try again.';

const PAID_STATUSES = new Set(['paid', 'fulfilled']);

/**
 * The card panel of the pay page: saved cards of the card provider and a new card through the vault's
 * hosted fields, with 3-D Secure (SPEC §4 "Card payment"). Without an order it manages the cards:
 * list, save a new one (verified for zero), delete after a confirmation.
 */
export default function CardMethod({ orderId, onPaid, onFailed, billingZip: profileZip = '', chosenCard }: MethodPanelProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: config, isError: configFailed } = usePaymentsConfigQuery();
  const cardsQuery = usePaymentsSavedCardsQuery();
  const cards = useAppSelector(selectSavedCards);
  // The same cached order the page asked for afresh; asked again here after a failure.
  const orderQuery = useCheckoutOrderQuery(orderId ?? '', { skip: !orderId });
  const [deleteCard, deleteState] = usePaymentsDeleteCardMutation();
  const [saveCard, setSaveCard] = useState(false);
  const [paying, setPaying] = useState(false);
  const { selected, choose, error, setError, fail, deletion } = useCardPanel<SavedCard>({
    cards,
    chosenCard,
    onFailed,
    deleteCard: (id) => deleteCard(id).unwrap(),
    deleting: deleteState.isLoading,
    deleteFallback: DELETE_CARD_FALLBACK_TEXT,
  });
  const [unconfirmed, setUnconfirmed] = useState(false);
  /** The bank's 3-D Secure page, shown in a dialog over this page while it is open. */
  const [challenge, setChallenge] = useState<{ url: string; fields: Record<string, string> } | null>(null);
  /** Asked for when the API says the profile has no billing country (422 PAYER_DETAILS_REQUIRED naming address.country). */
  const [askCountry, setAskCountry] = useState(false);
  const [billingCountry, setBillingCountry] = useState('');
  /** The card's billing ZIP or postcode, the profile's to begin with: the issuer checks it (AVS). */
  const [billingZip, setBillingZip] = useState(profileZip);

  const usingNewCard = selected === null;
  // Without an order the new-card frame is always shown: it saves a card (SPEC §4 step 1).
  const newCard = useCardFields('card-number', config?.vaultOrigin, usingNewCard);
  const cvv = useCardFields('cvv', config?.vaultOrigin, Boolean(orderId) && !usingNewCard);
  const order = orderQuery.data;
  const payable = order?.status === 'pending';

  /** No order: the card is verified for zero and saved; the list shows it first (the cardSaved reducer). */
  async function save() {
    setError(null);
    setPaying(true);
    try {
      const { token } = await requireFields(newCard.fields).tokenize();
      await saveNewCard(token, dispatch);
      setPaying(false);
      notify.success('Card saved.');
    } catch (failure) {
      setPaying(false);
      fail(failure, SAVE_CARD_FALLBACK_TEXT);
    }
  }

  async function pay() {
    if (!orderId) return;
    setError(null);
    setUnconfirmed(false);
    setPaying(true);
    try {
      const card = selected
        ? { orderId, userPaymentOptionId: selected.userPaymentOptionId, cvvToken: (await requireFields(cvv.fields).tokenize()).token }
        : { orderId, cardToken: (await requireFields(newCard.fields).tokenize()).token, saveCard, ...zipOf(billingZip) };
      const body = askCountry && billingCountry ? { ...card, billingCountry } : card;
      const outcome = await payWithCard(body, {
        dispatch,
        goTo: (url) => window.location.assign(url),
        postTo: (url, fields) => setChallenge({ url, fields }),
        runMethod: (url, payload) => runThreeDsMethod(url, payload),
        browser: browserDetails,
      });
      // A challenge opens the bank's page over this one; the button stays busy until the bank has answered.
      if (outcome.kind === 'approved') {
        setPaying(false);
        onPaid(outcome.orderId, 'paid');
      }
    } catch (failure) {
      if (isUnconfirmedFailure(failure)) {
        await settleUnconfirmed(orderId);
        return;
      }
      setPaying(false);
      if (COUNTRY_FIELDS.has(readApiFailure(failure).field ?? '')) setAskCountry(true);
      fail(failure, PAYMENT_FALLBACK_TEXT);
      // A declined order is failed for good: the page shows that, and the shopper tries again from the cart.
      if (!(failure instanceof Error)) void orderQuery.refetch();
    }
  }

  /** The answer was lost: ask for the order again; if the payment went through after all, say so. */
  async function settleUnconfirmed(unsureOrderId: string) {
    const { data: latest } = await orderQuery.refetch();
    setPaying(false);
    if (latest && PAID_STATUSES.has(latest.status)) {
      onPaid(unsureOrderId, 'paid');
      return;
    }
    setUnconfirmed(true);
    onFailed?.(PAYMENT_UNCONFIRMED_TEXT, true);
  }

  return (
    <div className="card-method">
      {cardsQuery.isSuccess && cards.length === 0 && !orderId ? <p className="payments-muted">You have no saved cards.</p> : null}
      {chosenCard === undefined ? (
        <SavedCardList
          cards={cards}
          selectedId={selected?.userPaymentOptionId ?? null}
          busy={paying || deleteState.isLoading}
          onSelect={choose}
          onDelete={deletion.ask}
          selectable={Boolean(orderId)}
        />
      ) : null}
      {deletion.question}
      {orderId ? (
        <>
          <div className="card-fields" hidden={!usingNewCard}>
            <p className="payments-field-label">Card number, expiry and CVV</p>
            <div ref={newCard.containerRef} className="card-fields__frame" />
            <BillingZipField value={billingZip} onChange={setBillingZip} />
            <Checkbox checked={saveCard} onCheckedChange={setSaveCard}>
              Save this card
            </Checkbox>
          </div>
          <div className="card-fields" hidden={usingNewCard}>
            <p className="payments-field-label">CVV of the selected card</p>
            <div ref={cvv.containerRef} className="card-fields__frame card-fields__frame--cvv" />
          </div>
          {askCountry ? (
            <SelectField
              label="Billing country (saved to your profile)"
              name="billingCountry"
              value={billingCountry}
              onValueChange={setBillingCountry}
              placeholder="Choose your country"
              options={COUNTRY_OPTIONS}
              autoComplete="billing country"
              testId="billing-country"
            />
          ) : null}
          <CardEntryAlerts configFailed={configFailed} error={error} />
          {unconfirmed ? (
            <p className="payments-error" role="alert" data-testid="payment-unconfirmed">
              {PAYMENT_UNCONFIRMED_TEXT} <Link to="/my-purchases">Open My purchases</Link>
            </p>
          ) : null}
          <CardPanelButton paying busy={paying} disabled={!payable} total={order?.total} testId="pay-button" onClick={() => void pay()} />
          <p className="payments-muted payments-note">
            Card details go straight to our secure card vault; this store never sees your card number.
          </p>
          {challenge ? (
            <ProviderPageDialog
              kind="challenge"
              url={challenge.url}
              fields={challenge.fields}
              onFinished={(path) => void navigate(path)}
              onCancel={() => {
                setChallenge(null);
                setPaying(false);
                setError(CHALLENGE_CANCELLED_TEXT);
              }}
            />
          ) : null}
        </>
      ) : (
        <>
          <div className="card-fields">
            <p className="payments-field-label">Add a card: number, expiry and CVV</p>
            <div ref={newCard.containerRef} className="card-fields__frame" />
          </div>
          <CardEntryAlerts configFailed={configFailed} error={error} />
          <CardPanelButton paying={false} busy={paying} disabled={configFailed} testId="save-card-button" onClick={() => void save()} />
          <p className="payments-muted payments-note">
            Your card is checked for $0.00 and saved; nothing is charged. This store never sees your card number.
          </p>
        </>
      )}
    </div>
  );
}

function requireFields<T>(fields: T | null): T {
  if (!fields) throw new Error('Unable to get token');
  return fields;
}
