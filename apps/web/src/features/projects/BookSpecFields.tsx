import type { Option, ProjectOptions } from '@colophon/contract';
import {
  type BookSpecCodedField,
  type BookSpecCodedKey,
  type BookSpecFieldset,
  type BookSpecOptionsKey,
  bookSpecCodedFieldsOf,
  bookType,
  isHardCover,
  pageCountRule,
} from '@colophon/domain';
import { Fieldset, MultiSelect, NumberInput, Select, SimpleGrid } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { BookSpecKey, BookSpecValues } from './bookSpecForm';

export interface BookSpecFieldsProps<Values extends Record<string, unknown>> {
  form: UseFormReturnType<Values>;
  /** Where the specification sits in the form's values: '' (a project) or 'specification.' (a preset). */
  prefix?: '' | 'specification.';
  /** `GET projects/options`: the lists this caller may choose from (a sales rep's book types are a subset). */
  options: ProjectOptions;
  /** A book type already on the record stays offered even when the caller's list lacks it (the API keeps it). */
  currentBookType?: number | null | undefined;
  /** A project always has a book type; a preset may leave it open. */
  bookTypeRequired?: boolean;
  readOnly?: boolean;
}

const grid = { base: 1, sm: 2, lg: 3 } as const;

/** What a code select shows besides its field's label and the caller's options. */
interface SelectExtras {
  data?: Option[];
  required?: boolean;
  description?: ReactNode;
}

/**
 * The book specification of part 3, one form component for both of its uses: a project's
 * specification and a preset's. It shows the option lists the API gives this caller, the domain's
 * rules as hints, and every error (the client's and the server's) on its field.
 */
export function BookSpecFields<Values extends Record<string, unknown>>({
  form,
  prefix = '',
  options,
  currentBookType,
  bookTypeRequired = false,
  readOnly = false,
}: BookSpecFieldsProps<Values>) {
  const all = form.getValues() as Record<string, unknown>;
  const spec = (prefix ? all.specification : all) as BookSpecValues;
  const path = (key: BookSpecKey) => `${prefix}${key}`;
  const errorOf = (key: BookSpecKey): ReactNode => form.errors[path(key)];
  const touch = (key: BookSpecKey) => ({
    onBlur: () => void form.validateField(path(key)),
  });
  const set = (key: BookSpecKey, value: unknown) => {
    form.setFieldValue(path(key), value as never);
    form.clearFieldError(path(key));
  };

  const codeSelect = (
    { key, label, optionsKey }: BookSpecCodedField<BookSpecCodedKey, BookSpecOptionsKey>,
    extra: SelectExtras = {},
  ) => {
    const value = spec[key] as number | null;
    return (
      <Select
        key={key}
        label={label}
        description={extra.description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={extra.data ?? options[optionsKey]}
        value={value === null ? null : String(value)}
        onChange={(next) => set(key, next === null ? null : Number(next))}
        clearable={!extra.required && !readOnly}
        allowDeselect={!extra.required}
        required={extra.required}
        readOnly={readOnly}
        placeholder={readOnly ? '—' : 'Not chosen'}
        error={errorOf(key)}
        {...touch(key)}
      />
    );
  };

  const numberField = (key: 'pageCount' | 'copies', label: string, props: { description?: string; step?: number }) => (
    <NumberInput
      label={label}
      description={props.description}
      value={spec[key] ?? ''}
      onChange={(next) => set(key, typeof next === 'number' ? next : null)}
      placeholder={readOnly ? '—' : undefined}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator=","
      step={props.step}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      readOnly={readOnly}
      error={errorOf(key)}
      {...touch(key)}
    />
  );

  const dateField = (key: 'submissionDeadline' | 'inHomeDate', label: string) => (
    <DateInput
      label={label}
      value={spec[key]}
      onChange={(next) => set(key, next || null)}
      valueFormat="MM/DD/YYYY"
      placeholder={readOnly ? '—' : 'MM/DD/YYYY'}
      clearable={!readOnly}
      readOnly={readOnly}
      error={errorOf(key)}
      {...touch(key)}
    />
  );

  const bookTypes =
    currentBookType && !options.bookTypes.some((option) => option.value === String(currentBookType))
      ? [...options.bookTypes, { value: String(currentBookType), label: bookType.label(currentBookType) }]
      : options.bookTypes;
  const limits = pageCountRule(spec.typeBook);
  const boardHint = spec.typeBook
    ? isHardCover(spec.typeBook)
      ? 'A hard cover takes a 100pt or 120pt board.'
      : 'Only hard covers take a board: choose N/A.'
    : undefined;

  const extras: Partial<Record<BookSpecCodedKey, SelectExtras>> = {
    typeBook: { data: bookTypes, required: bookTypeRequired },
    typeCoverBoardWeight: { description: boardHint },
  };
  /** A fieldset's selects of one code each (the cover applications, a list, have their own picker). */
  const selects = (fieldset: BookSpecFieldset) =>
    bookSpecCodedFieldsOf(fieldset)
      .filter((field) => !field.list)
      .map((field) => codeSelect(field, extras[field.key]));

  return (
    <>
      <Fieldset legend="Book">
        <SimpleGrid cols={grid}>
          {selects('Book')}
          {numberField('pageCount', 'Page count', {
            description: `${limits.min} to ${limits.max}, in multiples of ${limits.multipleOf}`,
            step: limits.multipleOf,
          })}
          {numberField('copies', 'Copies', {})}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Cover">
        <SimpleGrid cols={grid}>{selects('Cover')}</SimpleGrid>
        <MultiSelect
          mt="sm"
          label="Cover applications"
          description="None stands alone; each application once."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={options.coverApplications}
          value={spec.coverApplications.map(String)}
          onChange={(next) => set('coverApplications', next.map(Number))}
          clearable={!readOnly}
          readOnly={readOnly}
          placeholder={spec.coverApplications.length > 0 ? undefined : readOnly ? '—' : 'Not chosen'}
          error={errorOf('coverApplications')}
          {...touch('coverApplications')}
        />
      </Fieldset>
      <Fieldset legend="Inside and finish">
        <SimpleGrid cols={grid}>{selects('Inside and finish')}</SimpleGrid>
      </Fieldset>
      <Fieldset legend="Production">
        <SimpleGrid cols={grid}>{selects('Production')}</SimpleGrid>
      </Fieldset>
      <Fieldset legend="Dates">
        <SimpleGrid cols={grid}>
          {dateField('submissionDeadline', 'Submission deadline')}
          {dateField('inHomeDate', 'In-home date')}
        </SimpleGrid>
      </Fieldset>
    </>
  );
}
