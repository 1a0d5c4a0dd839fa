import type { Page } from '@playwright/test';

/*
 * A small fake of Stripe.js for the Stripe-mode end-to-end tests, served in place of
 * https://js.stripe.com/v3/ (never the real one). `elements().create('card')` mounts three plain
 * inputs (Card number, Expiry MM / YY, CVC) where Stripe would frame its own; `confirmCardSetup`
 * sends the card to `api.stripe.com/v1/setup_intents/:id/confirm` as Stripe.js does, with the
 * publishable key in the body, and answers `{ setupIntent }` or `{ error }`. The page's calls to
 * api.stripe.com are forwarded to the fake Stripe API the server uses (apps/api/test/fake-stripe.ts).
 */
const FAKE_STRIPE_JS = String.raw`
(() => {
  const field = (label, name, placeholder) => {
    const wrapper = document.createElement('label');
    wrapper.style.display = 'block';
    wrapper.textContent = label + ' ';
    const input = document.createElement('input');
    input.name = name;
    input.placeholder = placeholder;
    input.autocomplete = 'off';
    wrapper.append(input);
    return { wrapper, input };
  };
  window.Stripe = (publishableKey) => {
    const api = async (path, form) => {
      const body = new URLSearchParams({ key: publishableKey, ...form });
      const response = await fetch('https://api.stripe.com' + path, { method: 'POST', body });
      const answer = await response.json();
      return response.ok ? { answer } : { error: answer.error };
    };
    const cardOf = (element) => {
      const [month, year] = element.fields.expiry.input.value.split('/').map((part) => part.trim());
      return {
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': element.fields.number.input.value.replace(/\D/g, ''),
        'payment_method_data[card][exp_month]': month ?? '',
        'payment_method_data[card][exp_year]': year ? String(2000 + Number(year)) : '',
        'payment_method_data[card][cvc]': element.fields.cvc.input.value,
      };
    };
    return {
      elements: () => ({
        create: (type) => {
          if (type !== 'card') throw new Error('The fake Stripe.js makes card elements only.');
          const box = document.createElement('div');
          const fields = {
            number: field('Card number', 'cardnumber', '1234 1234 1234 1234'),
            expiry: field('Expiry MM / YY', 'exp-date', 'MM / YY'),
            cvc: field('CVC', 'cvc', 'CVC'),
          };
          box.append(fields.number.wrapper, fields.expiry.wrapper, fields.cvc.wrapper);
          return { fields, mount: (target) => target.append(box), destroy: () => box.remove() };
        },
      }),
      confirmCardSetup: async (clientSecret, data) => {
        const id = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
        const { answer, error } = await api('/v1/setup_intents/' + id + '/confirm', {
          client_secret: clientSecret,
          ...cardOf(data.payment_method.card),
        });
        return error ? { error } : { setupIntent: answer };
      },
      createPaymentMethod: async () => ({ error: { message: 'The fake Stripe.js saves cards only.' } }),
      confirmCardPayment: async () => ({ error: { message: 'The fake Stripe.js saves cards only.' } }),
    };
  };
})();
`;

/** Serves the fake Stripe.js and forwards the page's api.stripe.com calls to the fake Stripe API at `fakeApi`. */
export async function installFakeStripe(page: Page, fakeApi: string): Promise<void> {
  await page.route('https://js.stripe.com/v3/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const { pathname, search } = new URL(route.request().url());
    const response = await route.fetch({ url: `${fakeApi}${pathname}${search}` });
    // Stripe's API answers the browser's cross-origin calls.
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
}
