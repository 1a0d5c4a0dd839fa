import { describe, expect, it } from 'vitest';
import { bookSpecificationKeys } from './bookSpec';
import { bookSpecCodedFields, bookSpecCodedFieldsOf, bookSpecOptionLists } from './bookSpecification';
import { bookType, coverApplication, salesRepBookTypes } from './books';

/** What the screens and the options answer show of each field today: key, form label, summary label, options key. */
const shown = [
  ['typeBook', 'Book type', 'Book type', 'bookTypes'],
  ['typeSize', 'Size (inches)', 'Size', 'sizes'],
  ['typeCover', 'Cover type', 'Cover type', 'coverTypes'],
  ['typeCoverStyle', 'Cover style', 'Cover style', 'coverStyles'],
  ['typeCoverBoardWeight', 'Cover board weight', 'Cover board weight', 'coverBoardWeights'],
  ['coverApplications', 'Cover applications', 'Cover applications', 'coverApplications'],
  ['typeEndsheet', 'Endsheet', 'Endsheet', 'endsheets'],
  ['typeFinish', 'Finish', 'Finish', 'finishes'],
  ['typePersonalization', 'Personalization', 'Personalization', 'personalizations'],
  ['typeCustomPages', 'Custom pages', 'Custom pages', 'customPages'],
  ['typePrinter', 'Printer', 'Printer', 'printers'],
  ['typeSoftware', 'Software', 'Software', 'softwareTypes'],
  ['typeCredentialsDestination', 'Software credentials go to', 'Software credentials go to', 'credentialsDestinations'],
  ['typeCreationKitDestination', 'Creation kit goes to', 'Creation kit goes to', 'creationKitDestinations'],
  ['typeDock', 'Dock', 'Dock', 'docks'],
] as const;

describe('bookSpecCodedFields', () => {
  it('holds the coded fields of the specification, in its order', () => {
    const coded = bookSpecificationKeys.filter((key) => key.startsWith('type') || key === 'coverApplications');
    expect(bookSpecCodedFields.map((field) => field.key)).toEqual(coded);
  });

  it.each(shown)(
    '%s reads %s on the form, %s in the summary, and lists its options as %s',
    (key, label, summaryLabel, optionsKey) => {
      const field = bookSpecCodedFields.find((each) => each.key === key);
      expect(field?.label).toBe(label);
      expect(field && 'summaryLabel' in field ? field.summaryLabel : field?.label).toBe(summaryLabel);
      expect(field?.optionsKey).toBe(optionsKey);
    },
  );

  it('makes only the cover applications a list', () => {
    expect(bookSpecCodedFields.filter((field) => 'list' in field).map((field) => field.key)).toEqual([
      'coverApplications',
    ]);
  });

  it('keeps each fieldset together, so the form in fieldsets shows the declared order', () => {
    const fieldsets = (['Book', 'Cover', 'Inside and finish', 'Production'] as const).flatMap(bookSpecCodedFieldsOf);
    expect(fieldsets).toEqual([...bookSpecCodedFields]);
  });
});

describe('bookSpecOptionLists', () => {
  it('gives every option of each field, under its options key, in order', () => {
    const lists = bookSpecOptionLists();
    expect(Object.keys(lists)).toEqual(shown.map(([, , , optionsKey]) => optionsKey));
    expect(lists.bookTypes).toEqual(bookType.options());
    expect(lists.coverApplications).toHaveLength(coverApplication.codes.length);
  });

  it("narrows a field to the codes offered (a sales rep's book types)", () => {
    const lists = bookSpecOptionLists({ typeBook: salesRepBookTypes });
    expect(lists.bookTypes.map((option) => Number(option.value))).toEqual([1, 2, 3, 5, 9, 10]);
    expect(lists.sizes).toEqual(bookSpecOptionLists().sizes);
  });
});
