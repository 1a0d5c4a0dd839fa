import type { StoredCard } from '@colophon/contract';
import { Alert, Button, Checkbox, Drawer, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type JSX, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { FormError } from '../../components/form/FormError';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { ApiError, errorMessage } from '../../lib/api-client';
import { loadStripe, type StripeCardElement, type StripeClient } from '../../lib/stripe';
import { startCardSetup, useAddCard } from './api';

/** Stripe's test numbers, hinted in the offline mode only (where no real card can be charged). */
export const TEST_CARD_HINT =
  'Offline test mode: 4242 4242 4242 4242 (Visa), 5555 5555 5555 4444 (Mastercard), 4000 0000 0000 0002 (declines when charged); any future expiry and CVC.';

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** 4242 4242 4242 4242 as it is typed. */
export const formatCardNumber = (value: string) =>
  digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/YY as it is typed. */
export const formatExpiry = (value: string) => {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * The offline form's values and the body they make. The server decides (brand, Luhn, expiry against
 * its clock); the form checks only the shape, and the expiry against `today` so a typo is caught early.
 */
export function cardFormSchema(accountId: number, today: Date) {
  return z
    .object({
      card: z.object({
        number: z.string().refine((value) => /^\d{12,19}$/.test(digitsOf(value)), 'Enter the card number'),
        expiry: z
          .string()
          .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Enter the expiry as MM/YY')
          .refine((value) => {
            const [month, year] = value.split('/').map(Number);
            return (2000 + (year ?? 0)) * 12 + (month ?? 0) >= today.getFullYear() * 12 + today.getMonth() + 1;
          }, 'This card has expired'),
        cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits of the security code'),
      }),
      makeDefault: z.boolean(),
    })
    .transform(({ card, makeDefault }) => {
      const [month, year] = card.expiry.split('/').map(Number);
      return {
        accountId,
        card: { number: digitsOf(card.number), expMonth: month ?? 0, expYear: 2000 + (year ?? 0), cvc: card.cvc },
        makeDefault,
      };
    });
}

/** The API names an expiry by its month and year; the form has one expiry field. */
function onExpiryField(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const errors = error.errors.map((fieldError) =>
    fieldError.path === 'card.expMonth' || fieldError.path === 'card.expYear'
      ? { ...fieldError, path: 'card.expiry' }
      : fieldError,
  );
  return new ApiError({
    type: 'about:blank',
    status: error.status,
    title: error.title,
    ...(error.detail ? { detail: error.detail } : {}),
    ...(error.code ? { code: error.code } : {}),
    errors,
  });
}

/**
 * Add a card to the account. The server says how: the offline default takes the number here (it is
 * read in memory and never kept); with Stripe the number goes into Stripe's own card field and only
 * the PaymentMethod the SetupIntent saved comes back to us.
 */
export function AddCardDrawer({
  accountId,
  opened,
  onClose,
  today = new Date(),
}: {
  accountId: number;
  opened: boolean;
  onClose: () => void;
  today?: Date;
}): JSX.Element {
  const setup = useQuery({
    queryKey: ['stripe_cards', 'setup', accountId, opened],
    queryFn: () => startCardSetup(accountId),
    enabled: opened,
    // A SetupIntent's secret serves one card: each opening asks for a new one.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title="Add a card"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {!opened ? null : setup.isPending ? (
        <Loader size="sm" aria-label="Preparing the card form" />
      ) : setup.isError ? (
        <Alert color="red" title="The card form could not start">
          {errorMessage(setup.error)}
        </Alert>
      ) : setup.data.mode === 'stripe' ? (
        <StripeCardForm
          accountId={accountId}
          clientSecret={setup.data.clientSecret}
          publishableKey={setup.data.publishableKey}
          onDone={onClose}
        />
      ) : (
        <OfflineCardForm accountId={accountId} today={today} onDone={onClose} />
      )}
    </Drawer>
  );
}

const saved = (card: StoredCard) =>
  notifications.show({ color: 'green', title: 'Card added', message: `Card ending ${card.last4} is saved.` });

function OfflineCardForm({
  accountId,
  today,
  onDone,
}: {
  accountId: number;
  today: Date;
  onDone: () => void;
}): JSX.Element {
  const add = useAddCard();
  const { form, onSubmit, submitting, formError } = useSchemaForm({
    schema: cardFormSchema(accountId, today),
    initialValues: { card: { number: '', expiry: '', cvc: '' }, makeDefault: false },
    submit: async (body) => {
      try {
        return await add.mutateAsync(body);
      } catch (error) {
        throw onExpiryField(error);
      }
    },
    successMessage: null,
    onSuccess: (card) => {
      saved(card);
      onDone();
    },
  });
  const numberProps = form.getInputProps('card.number');
  const expiryProps = form.getInputProps('card.expiry');
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card details">
      <Stack gap="sm">
        <Alert color="blue" variant="light">
          {TEST_CARD_HINT}
        </Alert>
        <TextInput
          label="Card number"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          {...numberProps}
          onChange={(event) => form.setFieldValue('card.number', formatCardNumber(event.currentTarget.value))}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label="Expiry (MM/YY)"
            required
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            {...expiryProps}
            onChange={(event) => form.setFieldValue('card.expiry', formatExpiry(event.currentTarget.value))}
          />
          <TextInput
            label="Security code (CVC)"
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            {...form.getInputProps('card.cvc')}
          />
        </SimpleGrid>
        <Checkbox label="Make this the default card" {...form.getInputProps('makeDefault', { type: 'checkbox' })} />
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Save card
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StripeCardForm({
  accountId,
  clientSecret,
  publishableKey,
  onDone,
}: {
  accountId: number;
  clientSecret: string;
  publishableKey: string;
  onDone: () => void;
}): JSX.Element {
  const add = useAddCard();
  const mount = useRef<HTMLDivElement | null>(null);
  const stripe = useRef<{ client: StripeClient; element: StripeCardElement } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [makeDefault, setMakeDefault] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey)
      .then((client) => {
        if (cancelled || !mount.current) return;
        const element = client.elements().create('card', { hidePostalCode: true });
        element.mount(mount.current);
        stripe.current = { client, element };
      })
      .catch((failure: unknown) => setProblem(errorMessage(failure)));
    return () => {
      cancelled = true;
      stripe.current?.element.destroy();
      stripe.current = null;
    };
  }, [publishableKey]);

  const submit = async () => {
    if (!stripe.current) return;
    setSaving(true);
    setProblem(null);
    try {
      const { setupIntent, error } = await stripe.current.client.confirmCardSetup(clientSecret, {
        payment_method: { card: stripe.current.element },
      });
      const method = setupIntent?.payment_method;
      const paymentMethodId = typeof method === 'string' ? method : method?.id;
      if (error || !paymentMethodId) {
        setProblem(error?.message ?? 'The card could not be saved.');
        return;
      }
      const card = await add.mutateAsync({ accountId, paymentMethodId, makeDefault });
      saved(card);
      onDone();
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack
      component="form"
      gap="sm"
      aria-label="Card details"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Text size="sm">The card is entered in Stripe's secure field: its number never reaches our servers.</Text>
      <div ref={mount} data-testid="stripe-card-element" />
      <Checkbox
        label="Make this the default card"
        checked={makeDefault}
        onChange={(event) => setMakeDefault(event.currentTarget.checked)}
      />
      <FormError message={problem} />
      <Group>
        <Button type="submit" loading={saving}>
          Save card
        </Button>
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
