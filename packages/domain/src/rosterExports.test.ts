import { describe, expect, it } from 'vitest';
import {
  buildRosterExport,
  csvField,
  parseRosterFileNameTemplate,
  type RosterExportPerson,
  type RosterExportPresetShape,
  rosterExportColumn,
  rosterExportLayout,
  rosterExportPresetProblems,
  rosterExportSort,
  rosterFileNameStem,
  rosterImageExtension,
} from './rosterExports';

const person = (fields: Partial<RosterExportPerson>): RosterExportPerson => ({
  sourcedId: null,
  givenName: 'Anna',
  familyName: 'Smith',
  middleName: null,
  preferredName: null,
  grade: null,
  homeroom: null,
  role: 'student',
  email: null,
  photoKey: null,
  ...fields,
});

const preset = (fields: Partial<RosterExportPresetShape>): RosterExportPresetShape => ({
  columns: ['familyName', 'givenName', 'imageFileName'],
  layout: 'csv-with-images',
  fileNameTemplate: '{familyName}_{givenName}_{sourcedId}',
  sortOrder: 'familyName',
  headerRow: true,
  ...fields,
});

describe('roster export enumerations', () => {
  it('declares the columns, layouts and sorts once, with labels', () => {
    expect(rosterExportColumn.codes).toEqual([
      'sourcedId',
      'givenName',
      'familyName',
      'middleName',
      'preferredName',
      'grade',
      'gradeLabel',
      'homeroom',
      'role',
      'email',
      'imageFileName',
    ]);
    expect(rosterExportColumn.label('imageFileName')).toBe('Image file');
    expect(rosterExportLayout.label('csv-with-images')).toBe('CSV with image file names');
    expect(rosterExportSort.codes).toEqual(['familyName', 'grade-homeroom-familyName']);
  });
});

describe('file name templates', () => {
  it.each<[string, string]>([
    ['{familyName}_{givenName}_{sourcedId}', 'ok'],
    ['{grade} - {homeroom}.{sourcedId}', 'ok'],
    ['', 'Enter a file name pattern'],
    ['photo', 'Put at least one column in the pattern, e.g. {sourcedId}'],
    ['{shoeSize}', '{shoeSize} is not a column'],
    ['{imageFileName}', '{imageFileName} is not a column'],
    ['{familyName', 'unmatched "{"'],
    ['familyName}', 'unmatched "}"'],
    ['{grade}/{familyName}', '"/" may only hold'],
    ['..\\{familyName}', 'may only hold'],
    [`{sourcedId}${'x'.repeat(200)}`, 'Keep the file name pattern to 200 characters'],
  ])('%j → %s', (template, expected) => {
    const parsed = parseRosterFileNameTemplate(template);
    if (expected === 'ok') expect(parsed).toHaveProperty('parts');
    else expect('problem' in parsed ? parsed.problem : '').toContain(expected);
  });
});

describe('a preset’s cross-field rules', () => {
  it.each<[string, Partial<RosterExportPresetShape>, string[]]>([
    ['a whole preset', {}, []],
    ['no columns', { columns: [], layout: 'csv' }, ['columns']],
    ['a column twice', { columns: ['givenName', 'givenName', 'imageFileName'] }, ['columns.1']],
    ['image layout without the file column', { columns: ['givenName'] }, ['columns']],
    ['plain CSV with the file column', { layout: 'csv' }, ['layout']],
    ['a bad pattern', { fileNameTemplate: '{nope}' }, ['fileNameTemplate']],
  ])('%s', (_name, fields, atFault) => {
    expect(rosterExportPresetProblems(preset(fields)).map((problem) => problem.field)).toEqual(atFault);
  });
});

describe('portrait file names', () => {
  it.each<[string, string]>([
    ['José_Núñez', 'Jose_Nunez'],
    ['Zoë Brontë-Łukasz', 'Zoe_Bronte-Lukasz'],
    ['Straße_Æsir_Øre', 'Strasse_AEsir_Ore'],
    ['../../etc/passwd', 'etc_passwd'],
    ['a/b\\c:d*e?"f"<g>|h', 'a_b_c_d_e_f_g_h'],
    ["O'Brien__  Mary", 'O_Brien_Mary'],
    ['李小龙', 'portrait'],
    ['  _Anna_ ', 'Anna'],
    ['Con', 'Con_'],
    ['lpt1', 'lpt1_'],
    ['Connor', 'Connor'],
  ])('%j → %s', (text, stem) => {
    expect(rosterFileNameStem(text)).toBe(stem);
  });

  it('takes the stored portrait’s extension, else .jpg', () => {
    expect(rosterImageExtension('portraits/12/abc.PNG')).toBe('.png');
    expect(rosterImageExtension('portraits/12/abc.tiff')).toBe('.tiff');
    expect(rosterImageExtension('portraits/12/abc')).toBe('.jpg');
  });

  it('are unique within the export, case-blind, by _2, _3 before the extension', () => {
    const people = [
      person({ sourcedId: null, photoKey: 'a.jpg' }),
      person({ sourcedId: null, photoKey: 'b.jpg', familyName: 'SMITH', givenName: 'ANNA' }),
      person({ sourcedId: null, photoKey: 'c.jpg', familyName: 'Smíth' }),
      person({ sourcedId: null, photoKey: 'd.png' }),
      person({ sourcedId: null, photoKey: null, givenName: 'Bo' }),
    ];
    const { lines, imageFiles } = buildRosterExport(preset({ fileNameTemplate: '{familyName}_{givenName}' }), people);
    expect(imageFiles.map((file) => file.fileName)).toEqual([
      'Smith_Anna.jpg',
      'SMITH_ANNA_2.jpg',
      'Smith_Anna_3.jpg',
      'Smith_Anna.png',
    ]);
    // Without a portrait the file cell is empty and no file is named.
    expect(lines).toContain('Smith,Bo,');
  });
});

describe('the CSV', () => {
  const people = [
    person({
      sourcedId: 's2',
      givenName: 'Ben',
      familyName: 'Zane',
      grade: '09',
      homeroom: 'Room 12',
      photoKey: 'x.jpg',
    }),
    person({
      sourcedId: 's1',
      givenName: 'Cara',
      familyName: 'Jones',
      grade: 'KG',
      homeroom: 'Room 1',
      photoKey: 'y.jpg',
    }),
    person({
      sourcedId: 's3',
      givenName: 'Dev',
      familyName: 'Adams',
      grade: '09',
      homeroom: 'Room 2',
      photoKey: 'z.jpg',
    }),
    person({ sourcedId: 't1', givenName: 'Grace', familyName: 'Hall, "Ms"', role: 'teacher', photoKey: null }),
  ];

  it('writes the header from the labels (the image column as InDesign’s @field) and each person in order (Room 2 before Room 12)', () => {
    const { lines, imageFiles } = buildRosterExport(
      preset({
        columns: ['sourcedId', 'familyName', 'gradeLabel', 'homeroom', 'role', 'imageFileName'],
        sortOrder: 'grade-homeroom-familyName',
      }),
      people,
    );
    expect(lines).toEqual([
      'Sourced ID,Family name,Grade name,Homeroom,Role,@Image file',
      's1,Jones,Kindergarten,Room 1,Student,Jones_Cara_s1.jpg',
      's3,Adams,Grade 9,Room 2,Student,Adams_Dev_s3.jpg',
      's2,Zane,Grade 9,Room 12,Student,Zane_Ben_s2.jpg',
      't1,"Hall, ""Ms""",,,Teacher,',
    ]);
    expect(imageFiles).toEqual([
      { photoKey: 'y.jpg', fileName: 'Jones_Cara_s1.jpg' },
      { photoKey: 'z.jpg', fileName: 'Adams_Dev_s3.jpg' },
      { photoKey: 'x.jpg', fileName: 'Zane_Ben_s2.jpg' },
    ]);
  });

  it('sorts by family name and leaves the header out when asked, naming no files for a plain CSV', () => {
    const { lines, imageFiles } = buildRosterExport(
      preset({ columns: ['familyName', 'grade'], layout: 'csv', headerRow: false }),
      people,
    );
    expect(lines).toEqual(['Adams,09', '"Hall, ""Ms""",', 'Jones,KG', 'Zane,09']);
    expect(imageFiles).toEqual([]);
  });

  it.each<[string, string]>([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' edge', '" edge"'],
  ])('field %j → %s', (value, field) => {
    expect(csvField(value)).toBe(field);
  });
});
