import { useId, useRef, useState } from 'react';
import { formatCoins, SHOPPER_WALLETS, WALLET_LABELS, type WalletAdjustmentBody } from '@store/shared';
import { ConfirmAction } from '../components/ConfirmAction.tsx';
import { signedAmount } from '../components/format.ts';
import { useAdjustWalletMutation } from './users-api.ts';

/** Whole coins, not zero, within what the server takes. */
function parseAmount(text: string): number | null {
  if (!/^[-+]?\d{1,9}$/.test(text.trim())) return null;
  const amount = Number(text.trim());
  return amount !== 0 && Math.abs(amount) <= 100_000_000 ? amount : null;
}

/** 128 random bits as hex: crypto.getRandomValues works on a plain-http page too, unlike randomUUID. */
const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The adjustment a submission means: the key is kept while this stays the same. */
const submissionOf = (body: WalletAdjustmentBody) => JSON.stringify([body.userId, body.wallet, body.amount, body.reason]);

/**
 * Coins into (positive) or out of (negative) one wallet, with the reason the audit log keeps. Each
 * adjustment gets a fresh Idempotency-Key; confirming the same adjustment again after a failure (a lost
 * answer, a timeout) sends the same key, so the server applies it at most once (ADR 035).
 */
export function WalletAdjustmentForm({ userId }: { userId: string }) {
  const [adjustWallet] = useAdjustWalletMutation();
  const pending = useRef<{ submission: string; idempotencyKey: string } | null>(null);
  const [wallet, setWallet] = useState<WalletAdjustmentBody['wallet']>('purchasedWallet');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const amount = parseAmount(amountText);
  const ready = amount !== null && reason.trim().length > 0 && reason.length <= 500;
  const hintId = useId();

  return (
    <ConfirmAction
      label="Adjust wallet"
      question={`${amount !== null ? signedAmount(amount) : ''} coins ${amount !== null && amount < 0 ? 'from' : 'to'} ${WALLET_LABELS[wallet]}, because: ${reason.trim()}. Go ahead?`}
      disabled={!ready}
      run={async () => {
        const body = { userId, wallet, amount: amount!, reason: reason.trim() };
        const submission = submissionOf(body);
        if (pending.current?.submission !== submission) pending.current = { submission, idempotencyKey: newIdempotencyKey() };
        const result = await adjustWallet({ ...body, idempotencyKey: pending.current.idempotencyKey }).unwrap();
        pending.current = null;
        setAmountText('');
        setReason('');
        return `${WALLET_LABELS[result.wallet]} adjusted by ${signedAmount(result.amount)}: now ${formatCoins(result.coins[result.wallet])} coins.`;
      }}
    >
      <div className="admin-form" aria-label="Wallet adjustment" role="group">
        <label>
          Wallet
          <select value={wallet} onChange={(event) => setWallet(event.target.value as WalletAdjustmentBody['wallet'])}>
            {SHOPPER_WALLETS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Coins (negative takes)
          <input
            name="amount"
            inputMode="numeric"
            value={amountText}
            aria-invalid={amountText !== '' && amount === null}
            onChange={(event) => setAmountText(event.target.value)}
          />
        </label>
        <label>
          Reason (required)
          <input
            name="reason"
            value={reason}
            maxLength={500}
            aria-describedby={hintId}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <span id={hintId} className="muted">
          Kept in the audit log with your name.
        </span>
      </div>
    </ConfirmAction>
  );
}
