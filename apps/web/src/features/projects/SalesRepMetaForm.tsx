import { type SalesRepProjectMeta, salesRepProjectMetaBodySchema } from '@colophon/contract';
import {
  activePricingDesignations,
  commissionTier,
  formatCurrencyInput,
  parseCurrencyInput,
  pricingDesignation,
} from '@colophon/domain';
import { NumberInput, Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { QueryState } from '../../components/feedback/QueryState';
import { numberInputProps } from '../../components/form/numberInputProps';
import { numberSelectProps } from '../../components/form/selectProps';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { salesRepMetaOptions, useSaveSalesRepMeta } from './api';
import { textOrNull } from './ProjectMetaForm';
import { ProjectTabForm } from './ProjectTabForm';

const shape = salesRepProjectMetaBodySchema.shape;
/** The contract's body; the price is typed as currency (part 5) and sent as integer cents. */
const salesFormSchema = z
  .object({
    commissionPercent: shape.commissionPercent,
    pricePerBook: z.string().refine((text) => text.trim() === '' || parseCurrencyInput(text) !== null, {
      message: 'Enter an amount such as 1,234.50 (no currency sign)',
    }),
    pricingDesignation: shape.pricingDesignation,
    estimatedCopies: shape.estimatedCopies,
    followUpDate: shape.followUpDate,
    notes: textOrNull(shape.notes.unwrap()),
  })
  .transform(({ pricePerBook, ...rest }) => ({ ...rest, pricePerBookCents: parseCurrencyInput(pricePerBook) }));

const salesValues = (meta: SalesRepProjectMeta) => ({
  commissionPercent: meta.commissionPercent,
  pricePerBook: formatCurrencyInput(meta.pricePerBookCents),
  pricingDesignation: meta.pricingDesignation,
  estimatedCopies: meta.estimatedCopies,
  followUpDate: meta.followUpDate,
  notes: meta.notes ?? '',
});

/** `projects/{id}/sales_rep_project_meta`: commission, price and follow-up, for studio staff and sales reps. */
export function SalesRepMetaTab({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const query = useQuery(salesRepMetaOptions(projectId));
  return (
    <QueryState query={query} loadingLabel="Loading the sales side…">
      {(meta) => <SalesRepMetaForm projectId={projectId} meta={meta} canManage={canManage} />}
    </QueryState>
  );
}

function SalesRepMetaForm({
  projectId,
  meta,
  canManage,
}: {
  projectId: number;
  meta: SalesRepProjectMeta;
  canManage: boolean;
}) {
  const save = useSaveSalesRepMeta(projectId);
  const schemaForm = useSchemaForm({
    schema: salesFormSchema,
    method: 'PUT',
    initialValues: salesValues(meta),
    submit: (body) => save.mutateAsync(body),
    successMessage: 'The sales side is saved.',
    onSuccess: (saved) => {
      form.setInitialValues(salesValues(saved));
      form.setValues(salesValues(saved));
      form.resetDirty(salesValues(saved));
    },
  });
  const { form } = schemaForm;
  const readOnly = !canManage;
  const values = form.getValues();
  return (
    <ProjectTabForm
      schemaForm={schemaForm}
      label="Sales side"
      submitLabel="Save sales side"
      canManage={canManage}
      updatedAt={meta.updatedAt}
      notes={form.getInputProps('notes')}
    >
      <Select
        label="Commission"
        data={commissionTier.options()}
        clearable={!readOnly}
        readOnly={readOnly}
        placeholder={readOnly ? undefined : 'Not set'}
        {...numberSelectProps(form, 'commissionPercent', { nullable: true })}
        value={values.commissionPercent === null ? null : String(values.commissionPercent)}
      />
      <TextInput
        label="Price per book"
        description="Dollars and cents, e.g. 24.50"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        inputMode="decimal"
        readOnly={readOnly}
        {...form.getInputProps('pricePerBook')}
        onBlur={(event) => {
          const cents = parseCurrencyInput(event.currentTarget.value);
          if (cents !== null) form.setFieldValue('pricePerBook', formatCurrencyInput(cents));
          void form.validateField('pricePerBook');
        }}
      />
      <Select
        label="Pricing designation"
        data={pricingDesignation.options(activePricingDesignations)}
        clearable={!readOnly}
        searchable
        readOnly={readOnly}
        placeholder={readOnly ? undefined : 'Not set'}
        {...form.getInputProps('pricingDesignation')}
      />
      <NumberInput
        label="Estimated copies"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        readOnly={readOnly}
        {...numberInputProps(form, 'estimatedCopies', { nullable: true })}
      />
      <DateInput
        label="Follow-up date"
        valueFormat="MM/DD/YYYY"
        placeholder={readOnly ? undefined : 'MM/DD/YYYY'}
        clearable={!readOnly}
        readOnly={readOnly}
        value={values.followUpDate}
        onChange={(next) => form.setFieldValue('followUpDate', next || null)}
        error={form.errors.followUpDate}
      />
    </ProjectTabForm>
  );
}
