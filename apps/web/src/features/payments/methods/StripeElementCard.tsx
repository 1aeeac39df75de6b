// Stripe's own card element, for real Stripe keys only: this file (and @stripe/stripe-js with it) is
// loaded only when GET v1/payment/stripe/config answers mode 'stripe'. The sandbox uses our card
// vault's hosted fields instead.
import { useEffect, type RefObject } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';

/** What the panel asks of Stripe.js. */
export interface StripeCardHandle {
  /** A PaymentMethod (pm_…) for the card typed into the element; rejects with Stripe's message. */
  createPaymentMethod(): Promise<string>;
  /** Runs a PaymentIntent's next action in the page (Stripe.js's 3-D Secure). */
  handleNextAction(clientSecret: string): Promise<void>;
}

const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let promise = loaded.get(publishableKey);
  if (!promise) loaded.set(publishableKey, (promise = loadStripe(publishableKey)));
  return promise;
};

function CardForm({ handle }: { handle: RefObject<StripeCardHandle | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    handle.current =
      stripe && elements
        ? {
            async createPaymentMethod() {
              const card = elements.getElement(CardElement);
              if (!card) throw new Error('Unable to get token');
              const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
              if (error || !paymentMethod) throw new Error(error?.message ?? 'Unable to get token');
              return paymentMethod.id;
            },
            async handleNextAction(clientSecret) {
              const { error } = await stripe.handleNextAction({ clientSecret });
              if (error) throw new Error(error.message ?? 'Your payment could not be completed.');
            },
          }
        : null;
    return () => {
      handle.current = null;
    };
  }, [stripe, elements, handle]);
  return (
    <div className="card-fields__frame" data-testid="stripe-card-element">
      <CardElement options={{ hidePostalCode: true }} />
    </div>
  );
}

export default function StripeElementCard({
  publishableKey,
  handle,
}: {
  publishableKey: string;
  handle: RefObject<StripeCardHandle | null>;
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm handle={handle} />
    </Elements>
  );
}
