import { useEffect, useRef } from 'react';
import { PROVIDER_PAGE_FINISHED } from '@store/shared';
import { Button, ModalDialog } from '../../../components/ui/index.ts';
import { postForm } from '../card-payment.ts';

/** What a panel says when the shopper closed the bank's check before the bank answered (the next Pay supersedes it). */
export const CHALLENGE_CANCELLED_TEXT = "Your bank's check was not finished, so the payment was not made. You can pay again.";

/**
 * The pages the store opens over its own (issue 24), each with its dialog's heading and the frame's name
 * (the browser tests find a frame by it).
 */
export const PROVIDER_PAGES = {
  /** The bank's 3-D Secure check (EMV 3-D Secure's challenge window: up to 500 × 600). */
  challenge: { frameName: 'threeds-challenge', title: 'Confirm the payment with your bank', frameTitle: "Your bank's check" },
  /** The card provider's hosted payment page (Nuvei's Payment Page, which may be loaded in a frame). */
  cashier: { frameName: 'cashier-page', title: 'Pay on the secure checkout page', frameTitle: 'Secure checkout page' },
  /** The bank-linking page. */
  bankLink: { frameName: 'bank-link-page', title: 'Link a bank account', frameTitle: 'Bank-linking page' },
} as const;
export type ProviderPageKind = keyof typeof PROVIDER_PAGES;

/** A path of this store to go on to: /payment-success?…, /cart?…; never another site's address. */
const isStorePath = (to: unknown): to is string => typeof to === 'string' && to.startsWith('/') && !to.startsWith('//');

interface Props {
  kind: ProviderPageKind;
  /** The page, and the fields its form is posted (a 3-D Secure creq); without fields it is simply opened. */
  url: string;
  fields?: Record<string, string>;
  /** The page is done and the store decided: where the flow goes on. */
  onFinished: (path: string) => void;
  /** The shopper closed the dialog before the page was done. */
  onCancel: () => void;
}

/**
 * A provider's page in a dialog over the store's page (issue 24): the bank's 3-D Secure check, the card
 * provider's hosted payment page, the bank-linking page. The store's page stays behind it, and when the page is
 * done, the store's return page in the frame says where to go on (apps/server lib/framed-return.ts). Only a
 * message from that frame, of this store's origin, naming a path of this store, is taken.
 */
export function ProviderPageDialog({ kind, url, fields, onFinished, onCancel }: Props) {
  const { frameName, title, frameTitle } = PROVIDER_PAGES[kind];
  const frame = useRef<HTMLIFrameElement>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.source !== frame.current?.contentWindow || event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; to?: unknown } | null;
      if (data?.type === PROVIDER_PAGE_FINISHED && isStorePath(data.to)) finished.current(data.to);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // A page opened by POSTing it a form (3-D Secure 2's challenge request) is posted into the frame once per
  // page, even where an effect runs twice (React's strict mode).
  const posted = useRef<string | null>(null);
  useEffect(() => {
    if (!fields || posted.current === url) return;
    posted.current = url;
    postForm(url, fields, frameName);
  }, [url, fields, frameName]);

  return (
    <ModalDialog
      title={title}
      className="provider-page-dialog"
      onDismiss={onCancel}
      actions={
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      <iframe ref={frame} name={frameName} title={frameTitle} className="provider-page-dialog__frame" {...(fields ? {} : { src: url })} />
    </ModalDialog>
  );
}
