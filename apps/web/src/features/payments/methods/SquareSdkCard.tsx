// Square's own card form (its Web Payments SDK), for real Square credentials only: this file is loaded
// only when GET v1/payment/square/config answers kind 'web-payments-sdk'. The script comes from Square
// (config.sdkUrl); the card is typed into Square's frame and Square gives a one-time token (cnon:…), with
// a verification token from verifyBuyer (3-D Secure / SCA). The sandbox uses our card vault's fields.
import { useEffect, useRef, type RefObject } from 'react';

/** What the panel asks of Square's SDK. */
export interface SquareCardHandle {
  /** The one-time token of the card typed in, and verifyBuyer's token; rejects with Square's message. */
  tokenize(verify: { amountCents: number | null; intent: 'CHARGE' | 'STORE' }): Promise<{ sourceId: string; verificationToken?: string }>;
}

// The part of the Web Payments SDK used here (https://developer.squareup.com/reference/sdks/web/payments).
interface SquareCard {
  attach(target: HTMLElement): Promise<void>;
  tokenize(): Promise<{ status: string; token?: string; errors?: { message: string }[] }>;
  destroy(): Promise<boolean>;
}
interface SquarePayments {
  card(): Promise<SquareCard>;
  verifyBuyer?(
    token: string,
    details: { amount?: string; currencyCode?: string; intent: 'CHARGE' | 'STORE'; billingContact: Record<string, unknown> },
  ): Promise<{ token?: string } | null>;
}
declare global {
  interface Window {
    Square?: { payments(applicationId: string, locationId: string): SquarePayments };
  }
}

const scripts = new Map<string, Promise<void>>();
/** Loads Square's script once per URL. */
function loadSdk(sdkUrl: string): Promise<void> {
  let loading = scripts.get(sdkUrl);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = sdkUrl;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(sdkUrl);
        reject(new Error('The card form could not be loaded.'));
      };
      document.head.appendChild(script);
    });
    scripts.set(sdkUrl, loading);
  }
  return loading;
}

export default function SquareSdkCard({
  sdkUrl,
  applicationId,
  locationId,
  handle,
}: {
  sdkUrl: string;
  applicationId: string;
  locationId: string;
  handle: RefObject<SquareCardHandle | null>;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let card: SquareCard | null = null;
    let gone = false;
    void (async () => {
      await loadSdk(sdkUrl);
      if (gone || !window.Square || !container.current) return;
      const payments = window.Square.payments(applicationId, locationId);
      card = await payments.card();
      if (gone) return void card.destroy();
      await card.attach(container.current);
      const attached = card;
      handle.current = {
        async tokenize({ amountCents, intent }) {
          const result = await attached.tokenize();
          if (result.status !== 'OK' || !result.token) throw new Error(result.errors?.[0]?.message ?? 'Unable to get token');
          const details = {
            intent,
            billingContact: {},
            ...(amountCents === null ? {} : { amount: (amountCents / 100).toFixed(2), currencyCode: 'USD' }),
          };
          const verified = payments.verifyBuyer ? await payments.verifyBuyer(result.token, details) : null;
          return { sourceId: result.token, ...(verified?.token ? { verificationToken: verified.token } : {}) };
        },
      };
    })().catch(() => {
      handle.current = null;
    });
    return () => {
      gone = true;
      handle.current = null;
      void card?.destroy();
    };
  }, [sdkUrl, applicationId, locationId, handle]);
  return <div ref={container} className="card-fields__frame" data-testid="square-sdk-card" />;
}
