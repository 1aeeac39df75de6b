import { Button, OutcomeMessage, PageLayout, Panel } from '../../../components/ui/index.ts';
import { lazy, Suspense, useCallback, useState, useTransition, type ComponentType, type LazyExoticComponent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paymentSuccessPath, type ErrorCode } from '@store/shared';
import { useAppSelector } from '../../../lib/hooks.ts';
import { useCheckoutOrderQuery } from '../../../lib/orders/get-order.ts';
import { usePaymentsAllowedProvidersQuery } from '../api/allowed-providers.ts';
import { usePaymentsWhitelistStatesQuery } from '../api/whitelist-states.ts';
import { selectAllowedPaymentsProviders, selectWhiteListedStates } from '../payment-slice.ts';
import { PAYMENT_METHODS } from '../methods/registry.ts';
import { PAYMENT_REFUSAL_CODES, type MethodPanelProps, type PaymentMethodEntry } from '../methods/types.ts';
import { WhenMounted } from '../components/WhenMounted.tsx';
import type { ShopperProfile } from '../types.ts';
import { PayOrderSummary } from '../components/PayOrderSummary.tsx';
import '../payments.css';

/** The profile's state is not on the purchase whitelist; {state} is its name. */
export const STATE_NOT_ALLOWED_TEXT =
  'Purchases are not available in {state} yet. We can only take payments from the states where we are allowed to sell, and your profile places you in {state}, so there is no way to pay here. Nothing has been charged.';
export const stateNotAllowedText = (stateName: string) => STATE_NOT_ALLOWED_TEXT.replaceAll('{state}', stateName);
/** The server allows no method kind for this shopper, for a reason other than the state. */
export const NO_METHODS_TEXT = 'No way to pay is available for your account right now. Please try again later or contact us.';
export const METHODS_FAILED_TEXT = 'We could not load the ways to pay. Please try again.';

const UNAVAILABLE_PROFILE: ShopperProfile = { status: 'unavailable' };

// One lazy component per way to pay and page kind, made once: a panel's code is fetched when it is first shown.
const panels = new WeakMap<PaymentMethodEntry, LazyExoticComponent<ComponentType<MethodPanelProps>>>();
const managePanels = new WeakMap<PaymentMethodEntry, LazyExoticComponent<ComponentType<MethodPanelProps>>>();
function panelOf(entry: PaymentMethodEntry, managing: boolean) {
  const load = managing && entry.manageLoad ? entry.manageLoad : entry.load;
  const cache = managing && entry.manageLoad ? managePanels : panels;
  let panel = cache.get(entry);
  if (!panel) cache.set(entry, (panel = lazy(load)));
  return panel;
}

/**
 * The entries the server allows this shopper (any of their kinds true), in the registry's order: paying,
 * the one card form and the other ways; managing (no order), each provider's saved methods.
 */
function allowedEntries(methods: readonly PaymentMethodEntry[], allowed: Record<string, boolean>, managing: boolean) {
  return methods.filter((entry) => {
    if (!managing && entry.manageOnly) return false;
    const kinds = managing && entry.manageAllowedBy ? entry.manageAllowedBy : entry.allowedBy;
    return kinds.some((kind) => allowed[kind]);
  });
}

/**
 * The name of the profile's state when purchases are not allowed from it (as the server decides:
 * apps/server/src/modules/settings isStateWhitelisted: a code or a name; none on the profile is allowed;
 * one that is no US state is not), else null. Null too while either answer is missing: the server's
 * allowed methods decide alone then.
 */
function refusedStateName(profile: ShopperProfile, whitelist: readonly { code: string }[] | null): string | null {
  if (profile.status !== 'ready' || !whitelist) return null;
  const typed = profile.state.trim().toUpperCase();
  if (!typed) return null;
  const known = profile.usStates.find((state) => state.code === typed || state.name.toUpperCase() === typed);
  if (known && whitelist.some((state) => state.code === known.code)) return null;
  return known?.name ?? profile.state.trim();
}

const PanelLoading = () => <p className="payments-muted">Loading…</p>;

/** A way's panel; `busy` while the shopper's next choice loads in its place. Suspends while its code loads. */
function MethodPanelBody({ entry, busy = false, onFilledIn, ...props }: MethodPanelProps & { entry: PaymentMethodEntry; busy?: boolean }) {
  const LoadedPanel = panelOf(entry, !props.orderId);
  return (
    <div className="payments-method-panel" data-testid={`method-${entry.id}`} aria-busy={busy || undefined}>
      {/* A panel that fills in says when it is done; any other is whole once its code is in. */}
      {entry.fillsIn ? <LoadedPanel {...props} onFilledIn={onFilledIn} /> : <LoadedPanel {...props} />}
      {entry.fillsIn ? null : <WhenMounted run={onFilledIn} />}
    </div>
  );
}

/** A way's panel in a boundary of its own: "Loading…" until its code is in. */
function MethodPanel(props: MethodPanelProps & { entry: PaymentMethodEntry }) {
  return (
    <Suspense fallback={<PanelLoading />}>
      <MethodPanelBody {...props} />
    </Suspense>
  );
}

/**
 * /add-card/:orderId?: with an order, the ways to pay this shopper may use (GET v1/payment/allowed-providers)
 * as a choice, the chosen one's panel below; without one, every allowed way's panel to manage saved
 * methods. A shopper whose profile state is not whitelisted is told why and shown no form (SPEC §2, §3).
 */
export default function AddCardPage({
  profile = UNAVAILABLE_PROFILE,
  methods = PAYMENT_METHODS,
}: {
  profile?: ShopperProfile;
  /** The ways to pay on offer: the registry's (a test gives its own). */
  methods?: readonly PaymentMethodEntry[];
}) {
  const { orderId } = useParams();
  const navigate = useNavigate();
  // Asked afresh on every visit: the order may have been paid, failed or expired since, and the store
  // may have changed what it allows.
  const orderQuery = useCheckoutOrderQuery(orderId ?? '', { skip: !orderId, refetchOnMountOrArgChange: true });
  const allowedQuery = usePaymentsAllowedProvidersQuery(undefined, { refetchOnMountOrArgChange: true });
  const whitelistQuery = usePaymentsWhitelistStatesQuery(undefined, { refetchOnMountOrArgChange: true });
  const allowed = useAppSelector(selectAllowedPaymentsProviders);
  const whiteListedStates = useAppSelector(selectWhiteListedStates);
  // The radio follows the shopper's choice at once; the panel shown follows it in a transition, so the panel
  // before it (and the choices under it) stay in place until the chosen one's code is in: nothing moves
  // under the shopper's pointer while a panel loads.
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const [switching, startSwitching] = useTransition();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The other ways to pay take their place under the first panel once it has filled in, and keep it.
  const [choicesShown, setChoicesShown] = useState(false);
  const showChoices = useCallback(() => setChoicesShown(true), []);

  const order = orderQuery.data;
  const entries = allowedEntries(methods, allowed, !orderId);
  const chosen = entries.find((entry) => entry.id === chosenId) ?? entries[0];
  const shown = entries.find((entry) => entry.id === shownId) ?? entries[0];
  const refusedState = refusedStateName(profile, whitelistQuery.isSuccess ? whiteListedStates : null);
  const title = orderId ? 'Pay for your order' : 'Your payment methods';

  function onPaid(paidOrderId: string, state: 'paid' | 'processing') {
    const processing = state === 'processing' ? (shown?.settlesAs ?? 'other') : undefined;
    void navigate(paymentSuccessPath(paidOrderId, processing));
  }

  /** A refusal is the page's to show: the server's message, and what it allows now. */
  function onFailed(message: string, _unconfirmed?: boolean, code?: ErrorCode) {
    if (!code || !PAYMENT_REFUSAL_CODES.includes(code)) return;
    setRefusal(message);
    void allowedQuery.refetch();
    void whitelistQuery.refetch();
  }

  function choose(id: string) {
    setChosenId(id);
    setRefusal(null);
    startSwitching(() => setShownId(id));
  }

  function chooser() {
    const waiting = !allowedQuery.isSuccess && (allowedQuery.isLoading || allowedQuery.isUninitialized);
    if (waiting || whitelistQuery.isLoading || profile.status === 'loading') {
      return <p className="payments-muted">Loading the ways to pay…</p>;
    }
    if (refusedState) {
      return (
        <Panel label="Payment method" testId="state-not-allowed">
          <OutcomeMessage tone="error">{stateNotAllowedText(refusedState)}</OutcomeMessage>
        </Panel>
      );
    }
    if (!allowedQuery.isSuccess) {
      return (
        <OutcomeMessage tone="error">
          {METHODS_FAILED_TEXT}{' '}
          <Button variant="link" onClick={() => void allowedQuery.refetch()}>
            Try again
          </Button>
        </OutcomeMessage>
      );
    }
    if (!chosen || !shown) {
      return (
        <OutcomeMessage tone="error" testId="no-payment-methods">
          {NO_METHODS_TEXT} <Link to="/contact">Contact us</Link>
        </OutcomeMessage>
      );
    }
    if (!orderId) {
      return entries.map((entry) => (
        <Panel key={entry.id} title={entry.label}>
          <MethodPanel entry={entry} onPaid={onPaid} onFailed={onFailed} />
        </Panel>
      ));
    }
    // The chosen way (the one card form to begin with, issue 24) leads; the choice of another is under it, smaller.
    // One boundary holds both: the choices appear with the first panel, not above a "Loading…" that the
    // panel then pushes them down from.
    return (
      <Panel title={shown.id === 'card' ? 'Pay by card' : `Pay with ${shown.label}`}>
        <Suspense fallback={<PanelLoading />}>
          <MethodPanelBody
            key={shown.id}
            entry={shown}
            busy={switching}
            orderId={orderId}
            onPaid={onPaid}
            onFailed={onFailed}
            billingZip={profile.status === 'ready' ? profile.zipCode : undefined}
            onFilledIn={showChoices}
          />
          {entries.length > 1 ? (
            // Laid out but out of sight and reach while the first panel fills in: not pushed down in view.
            <div className="payments-other" style={choicesShown ? undefined : { visibility: 'hidden' }}>
              <h3 className="payments-other__title">Ways to pay</h3>
              <div className="payments-methods" role="radiogroup" aria-label="Ways to pay">
                {entries.map((entry) => (
                  <label key={entry.id} className="payments-method-choice">
                    <input type="radio" name="payment-method" checked={entry.id === chosen.id} onChange={() => choose(entry.id)} />
                    {entry.label}
                  </label>
                ))}
              </div>
            </div>
          ) : null}
        </Suspense>
      </Panel>
    );
  }

  return (
    <PageLayout title={title} width="narrow" className="payments-page">
      {order ? (
        <PayOrderSummary order={order} />
      ) : orderQuery.isError ? (
        <OutcomeMessage tone="error">
          We couldn't find that order. <Link to="/cart">Back to your cart</Link>
        </OutcomeMessage>
      ) : null}
      {refusal ? (
        <OutcomeMessage tone="error" testId="payment-refused">
          {refusal}
        </OutcomeMessage>
      ) : null}
      {chooser()}
    </PageLayout>
  );
}
