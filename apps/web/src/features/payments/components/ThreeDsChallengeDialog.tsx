import { useEffect, useId, useRef } from 'react';
import { Button, useModalDialog } from '../../../components/ui/index.ts';
import { postForm } from '../card-payment.ts';

/** What a panel says when the shopper closed the dialog before the bank answered (the next Pay supersedes it). */
export const CHALLENGE_CANCELLED_TEXT = "Your bank's check was not finished, so the payment was not made. You can pay again.";

/** The frame the bank's page opens in (the browser tests find it by this name). */
export const CHALLENGE_FRAME_NAME = 'threeds-challenge';
/** What the store's return page says from inside the frame (apps/server modules/payments/challenge-return-page.ts). */
const FINISHED = 'threeds-finished';

/** A path of this store to go on to: /payment-success?…, /cart?…; never another site's address. */
const isStorePath = (to: unknown): to is string => typeof to === 'string' && to.startsWith('/') && !to.startsWith('//');

interface Props {
  /** The bank's 3-D Secure page, and the fields its form is posted (creq); without fields it is simply opened (Stripe's). */
  url: string;
  fields?: Record<string, string>;
  /** The bank has answered and the store decided: where the pay flow goes on. */
  onFinished: (path: string) => void;
  /** The shopper closed the dialog before the bank answered. */
  onCancel: () => void;
}

/**
 * The bank's 3-D Secure check in a dialog over the pay page (issue 24), as card issuers' challenge pages are
 * made to be shown (EMV 3-D Secure's challenge window): the pay page stays behind it, and when the bank has
 * answered, the store's return page in the frame says where to go on. Only a message from that frame, of this
 * store's origin, naming a path of this store, is taken.
 */
export function ThreeDsChallengeDialog({ url, fields, onFinished, onCancel }: Props) {
  const ref = useModalDialog();
  const frame = useRef<HTMLIFrameElement>(null);
  const titleId = useId();
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.source !== frame.current?.contentWindow || event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; to?: unknown } | null;
      if (data?.type === FINISHED && isStorePath(data.to)) finished.current(data.to);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // The bank's page is opened by POSTing it the challenge request, into the frame (3-D Secure 2); once per
  // challenge, even where an effect runs twice (React's strict mode).
  const posted = useRef<string | null>(null);
  useEffect(() => {
    if (!fields || posted.current === url) return;
    posted.current = url;
    postForm(url, fields, CHALLENGE_FRAME_NAME);
  }, [url, fields]);

  return (
    <dialog
      ref={ref}
      className="ui-dialog threeds-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <p id={titleId} className="ui-dialog__title">
        Confirm the payment with your bank
      </p>
      <iframe
        ref={frame}
        name={CHALLENGE_FRAME_NAME}
        title="Your bank's check"
        className="threeds-dialog__frame"
        {...(fields ? {} : { src: url })}
      />
      <div className="ui-dialog__actions">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </dialog>
  );
}
