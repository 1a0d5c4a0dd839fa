/*
 * Stripe.js, loaded only when the API names a publishable key (a store's checkout, adding a stored
 * card). The few calls the pages make are typed here rather than adding @stripe/stripe-js for them.
 */

export interface StripeCardElement {
  mount: (target: HTMLElement) => void;
  destroy: () => void;
}

export interface StripeClient {
  elements: () => { create: (type: 'card', options?: Record<string, unknown>) => StripeCardElement };
  createPaymentMethod: (input: {
    type: 'card';
    card: StripeCardElement;
    billing_details?: { name?: string; email?: string };
  }) => Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
  confirmCardPayment: (clientSecret: string) => Promise<{ error?: { message?: string } }>;
  /** Saves a card for later through a SetupIntent (stored cards): answers the PaymentMethod it saved. */
  confirmCardSetup: (
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ) => Promise<{ setupIntent?: { payment_method?: string | { id: string } | null }; error?: { message?: string } }>;
}

type StripeFactory = (publishableKey: string) => StripeClient;

const STRIPE_JS = 'https://js.stripe.com/v3/';
let loading: Promise<StripeFactory> | null = null;

/** Loads Stripe.js once. It rejects when the script cannot load (offline, or refused by the page's CSP). */
export function loadStripe(publishableKey: string): Promise<StripeClient> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Card payments could not start.'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Card payments could not load. Check your connection and reload the page.'));
    };
    document.head.append(script);
  });
  return loading.then((factory) => factory(publishableKey));
}
