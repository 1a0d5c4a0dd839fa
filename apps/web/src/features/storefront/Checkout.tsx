import { confirmCheckout } from '@colophon/contract';
import { formatCurrency } from '@colophon/domain';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type JSX, useEffect, useRef, useState } from 'react';
import { FormError } from '../../components/form/FormError';
import { ApiError, errorMessage } from '../../lib/api-client';
import { call } from '../../lib/call';
import { loadStripe, type StripeCardElement, type StripeClient } from '../../lib/stripe';
import { storefrontApi } from './api';
import {
  type CardForm,
  cartOf,
  deliveryChoices,
  deliveryLabel,
  formatCardNumber,
  formatExpiry,
  newUuid,
  readCard,
  shipsHome,
} from './cart';
import { Totals } from './Totals';
import type { CartLine, CheckoutBody, CheckoutResult, Quote, Storefront } from './types';

export const TEST_CARD_HINT = 'Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline';

interface BuyerValues {
  parent: { name: string; email: string; phone: string };
  student: { firstName: string; lastName: string; grade: string; homeroom: string };
  shipTo: { name: string; line1: string; line2: string; city: string; state: string; zip: string };
}

const required = (value: string) => (value.trim() ? null : 'Required');

/** What the parent sees once paid: the order, what it holds and what it cost. */
export interface PaidOrder {
  result: CheckoutResult;
  quote: Quote;
  email: string;
}

/**
 * The cart and the checkout: the lines, the coupon, the delivery, the student and the parent, the
 * address when the books ship home, the totals as the server priced them (sales tax included before
 * paying) and the card. One checkout key per attempt, kept until it succeeds, so a double click or
 * a retry after a lost answer is one order and one charge.
 */
export function Checkout({
  store,
  lines,
  couponCode,
  checkoutKey,
  onLinesChange,
  onCouponChange,
  onCheckoutKey,
  onPaid,
}: {
  store: Storefront;
  lines: CartLine[];
  couponCode: string;
  checkoutKey: string | null;
  onLinesChange: (lines: CartLine[]) => void;
  onCouponChange: (code: string) => void;
  onCheckoutKey: (key: string | null) => void;
  onPaid: (paid: PaidOrder) => void;
}): JSX.Element {
  const productOf = (line: CartLine) => store.products.find((product) => product.id === line.productId);
  const cartProducts = lines.flatMap((line) => {
    const product = productOf(line);
    return product ? [product] : [];
  });
  const choices = deliveryChoices(cartProducts);
  const [chosenShipping, setShipping] = useState<number | null>(null);
  const shipping = chosenShipping !== null && choices.includes(chosenShipping) ? chosenShipping : (choices[0] ?? 0);
  const home = shipsHome(shipping);

  const form = useForm<BuyerValues>({
    mode: 'controlled',
    initialValues: {
      parent: { name: '', email: '', phone: '' },
      student: { firstName: '', lastName: '', grade: '', homeroom: '' },
      shipTo: { name: '', line1: '', line2: '', city: '', state: '', zip: '' },
    },
    validate: {
      parent: {
        name: required,
        email: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter an e-mail address'),
      },
      student: { firstName: required, lastName: required },
      shipTo: {
        name: (value) => (home ? required(value) : null),
        line1: (value) => (home ? required(value) : null),
        city: (value) => (home ? required(value) : null),
        state: (value) => (home && !/^[A-Za-z]{2}$/.test(value.trim()) ? 'Two letters' : null),
        zip: (value) => (home && !/^\d{5}(-\d{4})?$/.test(value.trim()) ? 'Enter a 5-digit ZIP code' : null),
      },
    },
  });
  const values = form.getValues();
  const taxZip = home ? values.shipTo.zip : '';
  const cart = cartOf(lines, couponCode, shipping, taxZip);

  const quote = useQuery({
    queryKey: ['storefront', store.slug, 'quote', cart],
    queryFn: () => storefrontApi.quote(store.slug, cart),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const quoteFieldErrors = quote.error instanceof ApiError ? quote.error.fieldErrors : {};

  // ----- coupon: tried through the quote before it is kept
  const [couponInput, setCouponInput] = useState(couponCode);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const applyCoupon = async () => {
    const code = couponInput.trim();
    setCouponError(null);
    if (!code) {
      onCouponChange('');
      return;
    }
    setApplying(true);
    try {
      await storefrontApi.quote(store.slug, cartOf(lines, code, shipping, taxZip));
      onCouponChange(code.toUpperCase());
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fieldErrors.couponCode : undefined;
      setCouponError(fieldError ?? errorMessage(failure));
    } finally {
      setApplying(false);
    }
  };

  // ----- the card: our fields in the embedded mode, Stripe's element in Stripe mode
  const stripeMode = store.paymentsProvider === 'stripe' && store.stripePublishableKey;
  const [card, setCard] = useState<CardForm>({ number: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<Record<string, string>>({});
  const stripeRef = useRef<{ client: StripeClient; element: StripeCardElement } | null>(null);
  const cardMount = useRef<HTMLDivElement>(null);
  const [stripeProblem, setStripeProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!stripeMode || !store.stripePublishableKey) return;
    let cancelled = false;
    loadStripe(store.stripePublishableKey)
      .then((client) => {
        if (cancelled || !cardMount.current) return;
        const element = client.elements().create('card', { hidePostalCode: true });
        element.mount(cardMount.current);
        stripeRef.current = { client, element };
      })
      .catch((failure: unknown) => setStripeProblem(errorMessage(failure)));
    return () => {
      cancelled = true;
      stripeRef.current?.element.destroy();
      stripeRef.current = null;
    };
  }, [stripeMode, store.stripePublishableKey]);

  // ----- paying
  const [paying, setPaying] = useState(false);
  const [decline, setDecline] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const paymentOf = async (): Promise<CheckoutBody['payment'] | null> => {
    if (stripeMode) {
      const stripe = stripeRef.current;
      if (!stripe) {
        setDecline(stripeProblem ?? 'Card payments are still loading.');
        return null;
      }
      const made = await stripe.client.createPaymentMethod({
        type: 'card',
        card: stripe.element,
        billing_details: { name: values.parent.name.trim(), email: values.parent.email.trim() },
      });
      if (!made.paymentMethod) {
        setDecline(made.error?.message ?? 'Check the card.');
        return null;
      }
      return { paymentMethodId: made.paymentMethod.id };
    }
    const read = readCard(card, new Date());
    if ('problems' in read) {
      setCardErrors(read.problems);
      return null;
    }
    setCardErrors({});
    return { card: read.card };
  };

  // A ref, not the state: a double click lands twice before React re-renders the disabled button.
  const payingNow = useRef(false);
  const pay = async () => {
    if (payingNow.current) return;
    payingNow.current = true;
    try {
      await payOnce();
    } finally {
      payingNow.current = false;
    }
  };
  const payOnce = async () => {
    setDecline(null);
    setFormError(null);
    const checked = form.validate();
    if (checked.hasErrors || !quote.data) return;
    setPaying(true);
    try {
      const payment = await paymentOf();
      if (!payment) return;
      const key = checkoutKey ?? newUuid();
      onCheckoutKey(key);
      const { parent, student, shipTo } = form.getValues();
      const body: CheckoutBody = {
        ...cart,
        checkoutKey: key,
        parent: {
          name: parent.name.trim(),
          email: parent.email.trim(),
          ...(parent.phone.trim() ? { phone: parent.phone.trim() } : {}),
        },
        student: {
          firstName: student.firstName.trim(),
          lastName: student.lastName.trim(),
          ...(student.grade.trim() ? { grade: student.grade.trim() } : {}),
          ...(student.homeroom.trim() ? { homeroom: student.homeroom.trim() } : {}),
        },
        ...(home
          ? {
              shipTo: {
                name: shipTo.name.trim(),
                line1: shipTo.line1.trim(),
                ...(shipTo.line2.trim() ? { line2: shipTo.line2.trim() } : {}),
                city: shipTo.city.trim(),
                state: shipTo.state.trim().toUpperCase(),
                zip: shipTo.zip.trim(),
              },
            }
          : {}),
        payment,
      };
      let result = await storefrontApi.checkout(store.slug, body);
      if (result.status === 'pending' && result.clientSecret && stripeRef.current) {
        // The card asks the parent to confirm (3-D Secure); then the server reads the payment again.
        const confirmed = await stripeRef.current.client.confirmCardPayment(result.clientSecret);
        if (confirmed.error) {
          setDecline(confirmed.error.message ?? 'The card was not confirmed.');
          return;
        }
        result = await call(confirmCheckout, {
          params: { slug: store.slug, orderNumber: result.orderNumber },
          body: { checkoutKey: key },
        });
      }
      onCheckoutKey(null);
      onPaid({ result, quote: quote.data, email: parent.email.trim() });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 402) {
        // A decline charged nothing: the next try is a new attempt with its own key.
        onCheckoutKey(null);
        setDecline(failure.detail || failure.title);
      } else if (failure instanceof ApiError && failure.status === 400 && failure.errors.length) {
        placeFieldErrors(failure);
      } else {
        // An unknown outcome (lost answer, server error) keeps the key: trying again cannot charge twice.
        setFormError(errorMessage(failure));
      }
    } finally {
      setPaying(false);
    }
  };

  const placeFieldErrors = (failure: ApiError) => {
    const buyer: Record<string, string> = {};
    const cardFields: Record<string, string> = {};
    const rest: string[] = [];
    for (const [path, message] of Object.entries(failure.fieldErrors)) {
      if (/^(parent|student|shipTo)\./.test(path)) buyer[path] = message;
      else if (path.startsWith('payment.card.')) {
        const field = path.slice('payment.card.'.length);
        cardFields[field === 'expMonth' || field === 'expYear' ? 'expiry' : field] = message;
      } else if (path === 'couponCode') setCouponError(message);
      else rest.push(message);
    }
    form.setErrors(buyer);
    setCardErrors(cardFields);
    setFormError(rest.length ? rest.join(' ') : Object.keys(buyer).length ? null : failure.detail || failure.title);
  };

  const total = quote.data?.totals.totalCents;

  return (
    <Stack gap="lg" component="section" aria-labelledby="cart-heading">
      <Title order={2} id="cart-heading">
        Your cart
      </Title>
      <Stack gap="xs">
        {lines.map((line) => {
          const product = productOf(line);
          return (
            <Paper key={line.key} withBorder p="sm" radius="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={600}>{product?.name ?? 'A product no longer on sale'}</Text>
                  {lineDetails(line).map((detail) => (
                    <Text key={detail} size="sm" c="dimmed">
                      {detail}
                    </Text>
                  ))}
                </Stack>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <NumberInput
                    label="Quantity"
                    w={90}
                    min={1}
                    max={product?.maxPerOrder ?? 1}
                    allowDecimal={false}
                    allowNegative={false}
                    value={line.quantity}
                    aria-label={`Quantity of ${product?.name ?? 'this line'}`}
                    onChange={(value) => {
                      const quantity = Math.max(1, Math.min(product?.maxPerOrder ?? 1, Number(value) || 1));
                      onLinesChange(lines.map((other) => (other.key === line.key ? { ...other, quantity } : other)));
                    }}
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => onLinesChange(lines.filter((other) => other.key !== line.key))}
                    aria-label={`Remove ${product?.name ?? 'this line'}`}
                  >
                    Remove
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>

      <Group align="flex-start" gap="xs">
        <TextInput
          label="Coupon"
          value={couponInput}
          onChange={(event) => {
            setCouponInput(event.currentTarget.value);
            setCouponError(null);
          }}
          error={couponError ?? quoteFieldErrors.couponCode}
          description={couponCode ? `Applied: ${couponCode}` : undefined}
          style={{ flex: 1 }}
        />
        <Button variant="light" mt={25} onClick={() => void applyCoupon()} loading={applying}>
          Apply
        </Button>
      </Group>

      {choices.length > 1 ? (
        <Radio.Group label="Delivery" value={String(shipping)} onChange={(value) => setShipping(Number(value))}>
          <Stack gap={6} mt={4}>
            {choices.map((code) => (
              <Radio key={code} value={String(code)} label={deliveryLabel(code)} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Text size="sm">Delivery: {deliveryLabel(shipping)}</Text>
      )}

      <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Title order={3} size="h5" component="legend">
          The student
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required autoComplete="off" {...form.getInputProps('student.firstName')} />
          <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('student.lastName')} />
          <TextInput label="Grade" maxLength={4} {...form.getInputProps('student.grade')} />
          <TextInput label="Homeroom" {...form.getInputProps('student.homeroom')} />
        </SimpleGrid>
      </Stack>

      <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Title order={3} size="h5" component="legend">
          You
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Your name" required autoComplete="name" {...form.getInputProps('parent.name')} />
          <TextInput
            label="E-mail"
            type="email"
            required
            autoComplete="email"
            description="The receipt goes here"
            {...form.getInputProps('parent.email')}
          />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('parent.phone')} />
        </SimpleGrid>
      </Stack>

      {home ? (
        <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={3} size="h5" component="legend">
            Ship to
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required autoComplete="shipping name" {...form.getInputProps('shipTo.name')} />
            <TextInput
              label="Address"
              required
              autoComplete="shipping address-line1"
              {...form.getInputProps('shipTo.line1')}
            />
            <TextInput
              label="Address line 2"
              autoComplete="shipping address-line2"
              {...form.getInputProps('shipTo.line2')}
            />
            <TextInput
              label="City"
              required
              autoComplete="shipping address-level2"
              {...form.getInputProps('shipTo.city')}
            />
            <TextInput
              label="State"
              required
              maxLength={2}
              autoComplete="shipping address-level1"
              {...form.getInputProps('shipTo.state')}
            />
            <TextInput
              label="ZIP code"
              required
              inputMode="numeric"
              autoComplete="shipping postal-code"
              description="The sales tax follows it"
              {...form.getInputProps('shipTo.zip')}
              error={form.errors['shipTo.zip'] ?? quoteFieldErrors.zip}
            />
          </SimpleGrid>
        </Stack>
      ) : null}

      <Stack gap="xs" aria-live="polite" aria-busy={quote.isFetching}>
        {quote.data ? <Totals quote={quote.data} /> : null}
        {quote.isError && !quoteFieldErrors.couponCode && !quoteFieldErrors.zip ? (
          <FormError message={errorMessage(quote.error)} />
        ) : null}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="payment-heading">
        <Title order={3} size="h4" id="payment-heading">
          Payment
        </Title>
        {decline ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" variant="light" title="Payment declined">
            {decline}
          </Alert>
        ) : null}
        <FormError message={formError} />
        {stripeMode ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Card
            </Text>
            <Paper withBorder p="sm" ref={cardMount} />
            {stripeProblem ? <FormError message={stripeProblem} /> : null}
          </Stack>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Test mode: no card is charged. {TEST_CARD_HINT}.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Card number"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                value={card.number}
                onChange={(event) => {
                  const number = formatCardNumber(event.currentTarget.value);
                  setCard((current) => ({ ...current, number }));
                }}
                error={cardErrors.number}
                required
              />
              <TextInput
                label="Expiry (MM/YY)"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                value={card.expiry}
                onChange={(event) => {
                  const expiry = formatExpiry(event.currentTarget.value);
                  setCard((current) => ({ ...current, expiry }));
                }}
                error={cardErrors.expiry}
                required
              />
              <TextInput
                label="CVC"
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                value={card.cvc}
                onChange={(event) => {
                  const cvc = event.currentTarget.value.replace(/\D/g, '');
                  setCard((current) => ({ ...current, cvc }));
                }}
                error={cardErrors.cvc}
                required
              />
            </SimpleGrid>
          </>
        )}
        <Button
          size="md"
          onClick={() => void pay()}
          disabled={paying || !quote.data || quote.isFetching || lines.length === 0}
          loading={paying}
        >
          {total === undefined ? 'Pay' : `Pay ${formatCurrency(total)}`}
        </Button>
      </Stack>
    </Stack>
  );
}

/** What a line's options say, for the cart and the receipt. */
export function lineDetails(line: CartLine): string[] {
  const details: string[] = [];
  if (line.personalizationName) details.push(`Name on the cover: ${line.personalizationName}`);
  if (line.photoKey) details.push('With a cover photo');
  if (line.icons) details.push(`Icons: ${line.icons.split(',').join(', ')}`);
  if (line.customPages) details.push(`${line.customPages} custom pages`);
  if (line.adImageKey) details.push('Ad image uploaded');
  if (line.dedicationText) details.push(`“${line.dedicationText}”`);
  if (line.isDonated) details.push('Donated to a student');
  return details;
}
