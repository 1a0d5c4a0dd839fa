import type { ExpeditedShipping } from '@colophon/contract';
import { expeditedShippingBodySchema } from '@colophon/contract';
import { bookType, formatCalendarDate, formatCurrency } from '@colophon/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Link } from '@tanstack/react-router';
import { type JSX, useEffect, useState } from 'react';
import { z } from 'zod';
import { FormError } from '../../components/form/FormError';
import { numberInputProps } from '../../components/form/numberInputProps';
import { numberSelectProps } from '../../components/form/selectProps';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { PublicCard } from '../../components/layout/PublicCard';
import { shippingCalculatorApi } from './api';

const TITLE = 'Shipping Calculator';

/** The contract's body, with messages for a person filling the form rather than for a program. */
const calculatorSchema = expeditedShippingBodySchema.extend({
  neededBy: z.iso.date({ error: 'Choose the date you need the books by.' }),
});

/**
 * /expedited-shipping (public, part 2): when an expedited book would leave the plant, and which
 * shipping methods get it to a ZIP code by the date needed, at what price.
 */
export function ShippingCalculatorPage(): JSX.Element {
  const [quote, setQuote] = useState<ExpeditedShipping | null>(null);
  const schemaForm = useSchemaForm({
    schema: calculatorSchema,
    initialValues: { typeBook: bookType.StandardHardCover as number, quantity: 0, zip: '', neededBy: '' },
    submit: shippingCalculatorApi.quote,
    successMessage: null,
    onSuccess: (result) => setQuote(result),
  });
  const { form } = schemaForm;

  useEffect(() => {
    const previous = document.title;
    document.title = `${TITLE} · Colophon`;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <PublicCard
      title={TITLE}
      description="When an expedited order leaves the plant, and how to get it to you in time."
      width={860}
    >
      <form
        onSubmit={(event) => {
          setQuote(null);
          schemaForm.onSubmit(event);
        }}
        noValidate
        aria-label={TITLE}
      >
        <Stack gap="md">
          <FormError message={schemaForm.formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Book type"
              data={bookType.options()}
              allowDeselect={false}
              required
              {...numberSelectProps(form, 'typeBook')}
            />
            <NumberInput
              label="Quantity"
              min={1}
              max={10_000}
              allowDecimal={false}
              allowNegative={false}
              required
              {...numberInputProps(form, 'quantity')}
            />
            <TextInput
              label="ZIP code"
              description="A US ZIP code or a Canadian postal code"
              autoComplete="postal-code"
              required
              {...form.getInputProps('zip')}
            />
            <DateInput
              label="Date needed"
              description="The day the books must be in hand"
              valueFormat="MM/DD/YYYY"
              placeholder="MM/DD/YYYY"
              required
              value={form.getValues().neededBy || null}
              onChange={(next) => form.setFieldValue('neededBy', next ?? '')}
              error={form.errors.neededBy}
            />
          </SimpleGrid>
          <Button type="submit" loading={schemaForm.submitting} w={{ base: '100%', sm: 'auto' }}>
            Calculate
          </Button>
        </Stack>
      </form>
      {quote ? <QuoteAnswer quote={quote} /> : null}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Sign in to Colophon
      </Anchor>
    </PublicCard>
  );
}

function QuoteAnswer({ quote }: { quote: ExpeditedShipping }) {
  const inTime = quote.options.some((option) => option.arrivesInTime);
  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={2} size="h4">
        Ships {formatCalendarDate(quote.shipDate)} from {quote.plant.name}
      </Title>
      <Text size="sm">
        {quote.expedited ? 'Expedited turn time' : 'Standard turn time'}: {quote.turnTimeDays} business days. To{' '}
        {quote.destination.city}, {quote.destination.state} {quote.destination.zip}.
      </Text>
      {inTime ? null : (
        <Alert color="orange" role="status" title="No shipping method arrives in time">
          Every method below arrives after the date needed. Choose a later date, or call us to talk it over.
        </Alert>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Shipping method</Table.Th>
              <Table.Th>Transit (business days)</Table.Th>
              <Table.Th>Arrives</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>In time?</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.options.map((option) => (
              <Table.Tr key={option.shippingMethod}>
                <Table.Td>{option.label}</Table.Td>
                <Table.Td>{option.transitDays}</Table.Td>
                <Table.Td>{formatCalendarDate(option.arrival)}</Table.Td>
                <Table.Td>{formatCurrency(option.priceCents)}</Table.Td>
                <Table.Td>
                  <Badge color={option.arrivesInTime ? 'green' : 'red'} variant="light">
                    {option.arrivesInTime ? 'Arrives in time' : 'Too late'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
