import type { BookSpecification } from './bookSpec';
import {
  bookSize,
  bookType,
  coverApplication,
  coverBoardWeight,
  coverStyle,
  coverType,
  customPages,
  endsheet,
  finish,
  personalization,
} from './books';
import type { Enumeration } from './enumeration';
import { printer } from './manufacturing';
import { dock } from './shipping';
import { creationKitDestination, credentialsDestination, softwareType } from './software';

/** The fieldsets of the specification form that hold coded fields (its legends). */
export type BookSpecFieldset = 'Book' | 'Cover' | 'Inside and finish' | 'Production';

/** One field of the specification whose value is a code of one of part 3's option lists. */
export interface BookSpecCodedField<
  Key extends keyof BookSpecification = keyof BookSpecification,
  OptionsKey extends string = string,
> {
  readonly key: Key;
  /** Its label on the specification form. */
  readonly label: string;
  /** Its label in a specification's summary, where the form's says more than a summary line needs. */
  readonly summaryLabel?: string;
  /** What the contract's message calls its codes: 'Must be one of the {noun} codes …'. */
  readonly noun: string;
  /** Its list in the answer of `GET projects/options`. */
  readonly optionsKey: OptionsKey;
  readonly enumeration: Enumeration<number>;
  readonly fieldset: BookSpecFieldset;
  /** A list of codes rather than one code. */
  readonly list?: true;
}

/**
 * The coded fields of the book specification, declared once, in the form's order: the contract's
 * schemas, the option lists of `GET projects/options`, the form's selects and the summary's lines
 * all derive from this.
 */
export const bookSpecCodedFields = [
  {
    key: 'typeBook',
    label: 'Book type',
    noun: 'book type',
    optionsKey: 'bookTypes',
    enumeration: bookType,
    fieldset: 'Book',
  },
  {
    key: 'typeSize',
    label: 'Size (inches)',
    summaryLabel: 'Size',
    noun: 'size',
    optionsKey: 'sizes',
    enumeration: bookSize,
    fieldset: 'Book',
  },
  {
    key: 'typeCover',
    label: 'Cover type',
    noun: 'cover type',
    optionsKey: 'coverTypes',
    enumeration: coverType,
    fieldset: 'Cover',
  },
  {
    key: 'typeCoverStyle',
    label: 'Cover style',
    noun: 'cover style',
    optionsKey: 'coverStyles',
    enumeration: coverStyle,
    fieldset: 'Cover',
  },
  {
    key: 'typeCoverBoardWeight',
    label: 'Cover board weight',
    noun: 'cover board weight',
    optionsKey: 'coverBoardWeights',
    enumeration: coverBoardWeight,
    fieldset: 'Cover',
  },
  {
    key: 'coverApplications',
    label: 'Cover applications',
    noun: 'cover application',
    optionsKey: 'coverApplications',
    enumeration: coverApplication,
    fieldset: 'Cover',
    list: true,
  },
  {
    key: 'typeEndsheet',
    label: 'Endsheet',
    noun: 'endsheet',
    optionsKey: 'endsheets',
    enumeration: endsheet,
    fieldset: 'Inside and finish',
  },
  {
    key: 'typeFinish',
    label: 'Finish',
    noun: 'finish',
    optionsKey: 'finishes',
    enumeration: finish,
    fieldset: 'Inside and finish',
  },
  {
    key: 'typePersonalization',
    label: 'Personalization',
    noun: 'personalization',
    optionsKey: 'personalizations',
    enumeration: personalization,
    fieldset: 'Inside and finish',
  },
  {
    key: 'typeCustomPages',
    label: 'Custom pages',
    noun: 'custom pages',
    optionsKey: 'customPages',
    enumeration: customPages,
    fieldset: 'Inside and finish',
  },
  {
    key: 'typePrinter',
    label: 'Printer',
    noun: 'printer',
    optionsKey: 'printers',
    enumeration: printer,
    fieldset: 'Production',
  },
  {
    key: 'typeSoftware',
    label: 'Software',
    noun: 'software',
    optionsKey: 'softwareTypes',
    enumeration: softwareType,
    fieldset: 'Production',
  },
  {
    key: 'typeCredentialsDestination',
    label: 'Software credentials go to',
    noun: 'credentials destination',
    optionsKey: 'credentialsDestinations',
    enumeration: credentialsDestination,
    fieldset: 'Production',
  },
  {
    key: 'typeCreationKitDestination',
    label: 'Creation kit goes to',
    noun: 'creation kit destination',
    optionsKey: 'creationKitDestinations',
    enumeration: creationKitDestination,
    fieldset: 'Production',
  },
  {
    key: 'typeDock',
    label: 'Dock',
    noun: 'dock',
    optionsKey: 'docks',
    enumeration: dock,
    fieldset: 'Production',
  },
] as const satisfies readonly BookSpecCodedField[];

export type BookSpecCodedKey = (typeof bookSpecCodedFields)[number]['key'];
export type BookSpecOptionsKey = (typeof bookSpecCodedFields)[number]['optionsKey'];

/** The option list of each coded field, under its key of `GET projects/options`. */
export type BookSpecOptionLists = { [Key in BookSpecOptionsKey]: { value: string; label: string }[] };

/**
 * The option lists of the coded fields, in the form's order. `offered` narrows a field's list to
 * the codes the caller may choose (a sales rep's book types).
 */
export function bookSpecOptionLists(
  offered: { readonly [Key in BookSpecCodedKey]?: readonly number[] } = {},
): BookSpecOptionLists {
  const lists: Record<string, { value: string; label: string }[]> = {};
  for (const field of bookSpecCodedFields) {
    const enumeration: Enumeration<number> = field.enumeration;
    lists[field.optionsKey] = enumeration.options(offered[field.key]);
  }
  return lists as BookSpecOptionLists;
}

/** The fields of one fieldset of the form, in order. */
export function bookSpecCodedFieldsOf(
  fieldset: BookSpecFieldset,
): readonly BookSpecCodedField<BookSpecCodedKey, BookSpecOptionsKey>[] {
  return bookSpecCodedFields.filter((field) => field.fieldset === fieldset);
}
