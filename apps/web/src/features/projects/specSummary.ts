import type { BookSpecificationInput } from '@colophon/contract';
import { type BookSpecFieldset, bookSpecCodedFieldsOf, formatCalendarDate } from '@colophon/domain';

type SummaryRow = { label: string; value: string | null | undefined };

/** Each filled-in field of a specification as 'Label: value', in the form's order (labels from the domain). */
export function specSummary(spec: BookSpecificationInput): { label: string; value: string }[] {
  const coded = (fieldset: BookSpecFieldset): SummaryRow[] =>
    bookSpecCodedFieldsOf(fieldset).map((field) => {
      const value = spec[field.key] ?? [];
      const codes = Array.isArray(value) ? value : [value];
      return {
        label: field.summaryLabel ?? field.label,
        value: codes.map((code) => field.enumeration.label(code)).join(', '),
      };
    });
  const rows: SummaryRow[] = [
    ...coded('Book'),
    { label: 'Page count', value: spec.pageCount ? String(spec.pageCount) : null },
    { label: 'Copies', value: spec.copies ? spec.copies.toLocaleString('en-US') : null },
    ...coded('Cover'),
    ...coded('Inside and finish'),
    ...coded('Production'),
    {
      label: 'Submission deadline',
      value: spec.submissionDeadline ? formatCalendarDate(spec.submissionDeadline) : null,
    },
    { label: 'In-home date', value: spec.inHomeDate ? formatCalendarDate(spec.inHomeDate) : null },
  ];
  return rows.filter((row): row is { label: string; value: string } => Boolean(row.value));
}
