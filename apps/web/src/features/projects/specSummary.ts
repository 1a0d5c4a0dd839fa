import type { BookSpecificationInput } from '@colophon/contract';
import {
  bookSize,
  bookType,
  coverApplication,
  coverBoardWeight,
  coverStyle,
  coverType,
  creationKitDestination,
  credentialsDestination,
  customPages,
  dock,
  endsheet,
  finish,
  formatCalendarDate,
  personalization,
  printer,
  softwareType,
} from '@colophon/domain';

/** Each filled-in field of a specification as 'Label: value', in the form's order (labels from the domain). */
export function specSummary(spec: BookSpecificationInput): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value) rows.push({ label, value });
  };
  const code = (value: number | null | undefined, label: (code: number) => string) =>
    value === null || value === undefined ? null : label(value);
  add('Book type', code(spec.typeBook, bookType.label));
  add('Size', code(spec.typeSize, bookSize.label));
  add('Page count', spec.pageCount ? String(spec.pageCount) : null);
  add('Copies', spec.copies ? spec.copies.toLocaleString('en-US') : null);
  add('Cover type', code(spec.typeCover, coverType.label));
  add('Cover style', code(spec.typeCoverStyle, coverStyle.label));
  add('Cover board weight', code(spec.typeCoverBoardWeight, coverBoardWeight.label));
  add('Cover applications', (spec.coverApplications ?? []).map((item) => coverApplication.label(item)).join(', '));
  add('Endsheet', code(spec.typeEndsheet, endsheet.label));
  add('Finish', code(spec.typeFinish, finish.label));
  add('Personalization', code(spec.typePersonalization, personalization.label));
  add('Custom pages', code(spec.typeCustomPages, customPages.label));
  add('Printer', code(spec.typePrinter, printer.label));
  add('Software', code(spec.typeSoftware, softwareType.label));
  add('Software credentials go to', code(spec.typeCredentialsDestination, credentialsDestination.label));
  add('Creation kit goes to', code(spec.typeCreationKitDestination, creationKitDestination.label));
  add('Dock', code(spec.typeDock, dock.label));
  add('Submission deadline', spec.submissionDeadline ? formatCalendarDate(spec.submissionDeadline) : null);
  add('In-home date', spec.inHomeDate ? formatCalendarDate(spec.inHomeDate) : null);
  return rows;
}
