import { Button, SelectField } from '../../../components/ui/index.ts';
import { useState } from 'react';
import { EmbeddedCheckout } from '@store/checkout-sdk/react';
import { CheckoutInputError, type AuthDeclinedInfo, type EvmWallet, type MerchantTheme, type SolanaWallet } from '@store/checkout-sdk';
import { GAME_IDENTIFIER, type CoinflowSessionData, type EmbeddedCheckoutChain } from '@store/shared';
import { failureText, readApiFailure } from '../../../lib/api-failure.ts';
import { usePaymentsCoinflowSessionMutation } from '../api/coinflow-session.ts';
import { connectEvmWallet, connectSolanaWallet, WALLET_REFUSED_TEXT } from './wallet-connect.ts';
import { PAYMENT_REFUSAL_CODES, type MethodPanelProps } from './types.ts';

/** The game provider the store's coins are bought for (SPEC §9's game identifier): the session call names it. */
export const STORE_GAME_PROVIDER = GAME_IDENTIFIER;

export const CHAIN_LABELS: Record<EmbeddedCheckoutChain, string> = {
  solana: 'Solana',
  polygon: 'Polygon',
  eth: 'Ethereum',
  base: 'Base',
  arbitrum: 'Arbitrum',
};
const CHAIN_OPTIONS = Object.entries(CHAIN_LABELS).map(([value, label]) => ({ value, label }));
export const SESSION_FALLBACK_TEXT = 'The checkout could not be opened. Nothing was charged.';
export const CHECKOUT_LOAD_FAILED_TEXT = 'The checkout did not load. Nothing was charged.';
export const NO_ORDER_TEXT = 'Pay from a crypto wallet while paying an order; nothing is saved here.';

/** The store's colours (styles/global.css) for the hosted page. */
const STORE_THEME: MerchantTheme = {
  primary: '#f5c451',
  background: '#111a33',
  backgroundAccent: '#17224a',
  textColor: '#eef1f8',
  style: 'rounded',
};

type Payer =
  | { kind: 'card' }
  | { kind: 'solana'; wallet: SolanaWallet; address: string }
  | { kind: 'evm'; chain: Exclude<EmbeddedCheckoutChain, 'solana'>; wallet: EvmWallet; address: string };

/**
 * "Crypto wallet (USDC)" (ADR 020; named "Pay with wallet or bank" until it was named for what it offers, issue 24): the hosted checkout in a frame of the pay page, through the checkout
 * SDK. The shopper connects their own wallet on a chain (Solana through wallet-standard, the EVM chains
 * through the injected provider) and pays USDC, or pays by card in the frame with no wallet. The session
 * comes from the store's API (the amount is the order's); the frame tells the page the outcome: success
 * goes to /payment-success, a declined card shows its reason here.
 */
export default function EmbeddedCheckoutMethod({ orderId, onPaid, onFailed }: MethodPanelProps) {
  const [openSession] = usePaymentsCoinflowSessionMutation();
  const [chain, setChain] = useState<EmbeddedCheckoutChain>('solana');
  const [payer, setPayer] = useState<Payer | null>(null);
  const [session, setSession] = useState<CoinflowSessionData | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  // A new frame (and session key) on each retry.
  const [attempt, setAttempt] = useState(0);

  if (!orderId) return <p className="payments-muted">{NO_ORDER_TEXT}</p>;
  const id = orderId;

  async function start(next: Payer) {
    setError(null);
    setDeclined(null);
    setBusy(true);
    try {
      const data = await openSession({ gameProvider: STORE_GAME_PROVIDER, orderId: id }).unwrap();
      setPayer(next);
      setSession(data);
      setAttempt((n) => n + 1);
    } catch (failure) {
      // SPEC §8: the caller's error callback first, before any other await.
      const message = failureText(failure, SESSION_FALLBACK_TEXT);
      const { code } = readApiFailure(failure);
      setError(code !== null && PAYMENT_REFUSAL_CODES.includes(code) && onFailed ? null : message);
      onFailed?.(message, false, code ?? undefined);
    } finally {
      setBusy(false);
    }
  }

  async function connectAndStart() {
    setError(null);
    setBusy(true);
    let next: Payer;
    try {
      if (chain === 'solana') {
        const connected = await connectSolanaWallet();
        next = { kind: 'solana', wallet: connected.wallet, address: connected.address };
      } else {
        const connected = await connectEvmWallet();
        next = { kind: 'evm', chain, wallet: connected.wallet, address: connected.address };
      }
    } catch (err) {
      setBusy(false);
      setError(err instanceof Error && err.message ? err.message : WALLET_REFUSED_TEXT);
      return;
    }
    await start(next);
  }

  /** The frame stays: the host lets the shopper try another card, or says there that the checkout is closed. */
  function onAuthDeclined(info: AuthDeclinedInfo) {
    setDeclined(`Your card was declined: ${info.reason || 'no reason given'}.`);
  }

  function backToChoice() {
    setSession(null);
    setPayer(null);
    setError(null);
    setDeclined(null);
  }

  const common = session
    ? {
        merchantId: session.merchantId,
        baseUrl: session.checkoutBase,
        // Our hosted checkout serves its API on the page's origin: the fraud device id is collected there
        // first. Coinflow's page (ADR 041) is opened with its checkout JWT, which holds the amount.
        apiUrl: session.checkoutBase,
        collectDeviceId: session.host !== 'coinflow',
        ...(session.jwtToken ? { jwtToken: session.jwtToken } : {}),
        sessionKey: session.sessionKey,
        // The shopper's profile prefills the frame and is the card or bank payment's billing data.
        ...(session.email ? { email: session.email } : {}),
        ...(session.customerInfo ? { customerInfo: session.customerInfo } : {}),
        subtotal: { cents: session.amountCents, currency: session.currency },
        useHeightChange: true,
        loaderBackground: STORE_THEME.background!,
        theme: STORE_THEME,
        allowedPaymentMethods: payer?.kind === 'card' ? ['card' as const] : [...session.allowedPaymentMethods],
        onSuccess: () => onPaid(id, 'paid'),
        onAuthDeclined,
        onError: (error: Error) => {
          // A parameter the page refused is shown in the frame, and the checkout goes on: not a load failure.
          if (error instanceof CheckoutInputError) return;
          setSession(null);
          setError(CHECKOUT_LOAD_FAILED_TEXT);
        },
        className: 'embedded-checkout-frame',
      }
    : null;

  return (
    <div className="embedded-checkout-method" data-testid="embedded-checkout-method">
      {declined ? (
        <p className="payments-error" role="alert" data-testid="embedded-declined">
          {declined}
        </p>
      ) : null}
      {error ? (
        <p className="payments-error" role="alert" data-testid="embedded-error">
          {error}{' '}
          {payer ? (
            <Button variant="link" onClick={() => void start(payer)} disabled={busy}>
              Try again
            </Button>
          ) : null}
        </p>
      ) : null}

      {common && payer ? (
        <>
          <p className="payments-muted">
            {payer.kind === 'card'
              ? 'Pay by card in the secure checkout below.'
              : `Paying USDC on ${CHAIN_LABELS[payer.kind === 'solana' ? 'solana' : payer.chain]} from ${payer.address}.`}{' '}
            <Button variant="link" onClick={backToChoice}>
              Choose another way
            </Button>
          </p>
          {payer.kind === 'solana' ? (
            <EmbeddedCheckout key={attempt} {...common} blockchain="solana" wallet={payer.wallet} pubkey={payer.address} />
          ) : payer.kind === 'evm' ? (
            <EmbeddedCheckout key={attempt} {...common} blockchain={payer.chain} wallet={payer.wallet} pubkey={payer.address} />
          ) : (
            <EmbeddedCheckout key={attempt} {...common} />
          )}
        </>
      ) : (
        <div className="embedded-checkout-choice">
          <fieldset className="payments-fieldset">
            <legend>Pay USDC from your wallet on</legend>
            <SelectField
              label="Blockchain"
              name="chain"
              value={chain}
              onValueChange={(value) => setChain(value as EmbeddedCheckoutChain)}
              options={CHAIN_OPTIONS}
              disabled={busy}
            />
            <Button size="large" onClick={() => void connectAndStart()} disabled={busy} data-testid="embedded-connect-wallet">
              Connect wallet
            </Button>
          </fieldset>
          <p>
            <Button
              size="large"
              variant="outline"
              onClick={() => void start({ kind: 'card' })}
              disabled={busy}
              data-testid="embedded-pay-by-card"
            >
              Pay by card
            </Button>
          </p>
        </div>
      )}
    </div>
  );
}
