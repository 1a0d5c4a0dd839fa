import { defineEnumeration } from './enumeration';
import { type RosterGradeCode, rosterGrade, rosterGradeRank } from './rosterGrades';
import { type RosterRoleCode, rosterRole } from './rosterPeople';

/**
 * Roster export presets (issue 16, "Getting rosters out"): which people, which columns, which file
 * layout. The columns a preset may list, in the order a form offers them; the labels are the CSV's
 * header row, so layout software shows the same words as the screens.
 */
export const rosterExportColumn = defineEnumeration([
  { code: 'sourcedId', label: 'Sourced ID', name: 'SourcedId' },
  { code: 'givenName', label: 'Given name' },
  { code: 'familyName', label: 'Family name' },
  { code: 'middleName', label: 'Middle name' },
  { code: 'preferredName', label: 'Preferred name' },
  { code: 'grade', label: 'Grade' },
  { code: 'gradeLabel', label: 'Grade name' },
  { code: 'homeroom', label: 'Homeroom' },
  { code: 'role', label: 'Role' },
  { code: 'email', label: 'Email' },
  { code: 'imageFileName', label: 'Image file', name: 'ImageFileName' },
]);
export type RosterExportColumnCode = (typeof rosterExportColumn.codes)[number];

/** A plain CSV, or one naming each person's portrait file beside it (for layout software's data merge). */
export const rosterExportLayout = defineEnumeration([
  { code: 'csv', label: 'CSV', name: 'Csv' },
  { code: 'csv-with-images', label: 'CSV with image file names', name: 'CsvWithImages' },
]);
export type RosterExportLayoutCode = (typeof rosterExportLayout.codes)[number];

export const rosterExportSort = defineEnumeration([
  { code: 'familyName', label: 'Family name' },
  { code: 'grade-homeroom-familyName', label: 'Grade, homeroom, family name', name: 'GradeHomeroomFamilyName' },
]);
export type RosterExportSortCode = (typeof rosterExportSort.codes)[number];

export const DEFAULT_ROSTER_FILE_NAME_TEMPLATE = '{familyName}_{givenName}_{sourcedId}';
export const ROSTER_FILE_NAME_TEMPLATE_MAX = 200;

/** The column keys a file name may be made of: every column but the file name itself. */
const templateKeys = rosterExportColumn.codes.filter((code) => code !== 'imageFileName');

export type RosterFileNamePart = { text: string } | { column: Exclude<RosterExportColumnCode, 'imageFileName'> };

/**
 * A file name template (`{familyName}_{givenName}_{sourcedId}`) as its parts, or the reason it is
 * refused: placeholders are column keys in braces; literal text is letters, digits, space, `_`, `-`
 * and `.` (never a slash, so a name cannot leave the export's folder); at least one placeholder.
 */
export function parseRosterFileNameTemplate(template: string): { parts: RosterFileNamePart[] } | { problem: string } {
  if (template.trim() === '') return { problem: 'Enter a file name pattern' };
  if (template.length > ROSTER_FILE_NAME_TEMPLATE_MAX) {
    return { problem: `Keep the file name pattern to ${ROSTER_FILE_NAME_TEMPLATE_MAX} characters` };
  }
  const parts: RosterFileNamePart[] = [];
  const pattern = /\{([^{}]*)\}|([^{}]+)|([{}])/g;
  for (const match of template.matchAll(pattern)) {
    const [, key, text, brace] = match;
    if (brace !== undefined) return { problem: `The pattern has an unmatched "${brace}"` };
    if (text !== undefined) {
      if (!/^[A-Za-z0-9 _.-]+$/.test(text)) {
        return { problem: `"${text}" may only hold letters, digits, spaces, "_", "-" and "."` };
      }
      parts.push({ text });
      continue;
    }
    const column = templateKeys.find((code) => code === key);
    if (!column)
      return { problem: `{${key ?? ''}} is not a column; use ${templateKeys.map((k) => `{${k}}`).join(', ')}` };
    parts.push({ column });
  }
  if (!parts.some((part) => 'column' in part))
    return { problem: 'Put at least one column in the pattern, e.g. {sourcedId}' };
  return { parts };
}

/** A person as an export reads them from the roster. */
export interface RosterExportPerson {
  sourcedId: string | null;
  givenName: string;
  familyName: string;
  middleName: string | null;
  preferredName: string | null;
  grade: RosterGradeCode | null;
  homeroom: string | null;
  role: RosterRoleCode;
  email: string | null;
  /** Where the portrait is stored; null when the person has none (their file name cell stays empty). */
  photoKey: string | null;
}

/** What of a preset the file is made from. */
export interface RosterExportPresetShape {
  columns: readonly RosterExportColumnCode[];
  layout: RosterExportLayoutCode;
  fileNameTemplate: string;
  sortOrder: RosterExportSortCode;
  headerRow: boolean;
}

/** The preset's rules across its fields, each naming the field at fault; none means it is whole. */
export function rosterExportPresetProblems(
  preset: Pick<RosterExportPresetShape, 'columns' | 'layout' | 'fileNameTemplate'>,
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (preset.columns.length === 0) problems.push({ field: 'columns', message: 'Choose at least one column' });
  const seen = new Set<string>();
  preset.columns.forEach((column, index) => {
    if (seen.has(column)) problems.push({ field: `columns.${index}`, message: 'This column is in the list twice' });
    seen.add(column);
  });
  const namesFiles = preset.columns.includes('imageFileName');
  if (preset.layout === 'csv-with-images' && !namesFiles) {
    problems.push({ field: 'columns', message: 'Add the Image file column for a CSV with image file names' });
  }
  if (preset.layout === 'csv' && namesFiles) {
    problems.push({ field: 'layout', message: 'Choose CSV with image file names to include the Image file column' });
  }
  const template = parseRosterFileNameTemplate(preset.fileNameTemplate);
  if ('problem' in template) problems.push({ field: 'fileNameTemplate', message: template.problem });
  return problems;
}

/** Letters outside Unicode's decompositions, spelled as a reader of English would. */
const FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
};

/**
 * A file name's stem safe on every disk and in every layout program: accents folded to ASCII
 * (José → Jose), anything else (slashes, quotes, other scripts) as `_`, runs of `_` as one, no
 * leading or trailing `_`, `.`, `-` or space; `portrait` when nothing is left; never a name Windows
 * reserves (`CON` → `CON_`).
 */
export function rosterFileNameStem(text: string): string {
  const folded = text
    .replace(/[ßæÆœŒøØłŁđĐðÐþÞı]/g, (letter) => FOLDS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
  const stem = folded
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._ -]+|[._ -]+$/g, '')
    .slice(0, 120)
    .replace(/[._ -]+$/g, '');
  if (stem === '') return 'portrait';
  // Windows refuses these names whatever their extension (CON.jpg), and a school's drive may be Windows.
  return /^(con|prn|aux|nul|com\d|lpt\d)$/i.test(stem) ? `${stem}_` : stem;
}

/** The portrait's extension from where it is stored (`.jpg` unless it says `.png`, `.tif` …). */
export function rosterImageExtension(photoKey: string): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(photoKey);
  return match?.[1] ? `.${match[1].toLowerCase()}` : '.jpg';
}

function cellOf(person: RosterExportPerson, column: Exclude<RosterExportColumnCode, 'imageFileName'>): string {
  switch (column) {
    case 'gradeLabel':
      return person.grade ? rosterGrade.label(person.grade) : '';
    case 'role':
      return rosterRole.label(person.role);
    default:
      return person[column] ?? '';
  }
}

/** One CSV field: quoted when it holds a comma, quote, line break or edge space (RFC 4180). */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export interface RosterExportWriter {
  /** The header row, or null when the preset has none. */
  header(): string | null;
  /** A person's CSV line and portrait file name (null without a portrait or a file-naming layout). */
  row(person: RosterExportPerson): { line: string; imageFileName: string | null };
}

/**
 * Writes an export one person at a time, so the export job streams: the header, then each row with
 * the person's portrait file name, unique within the export (case-blind, as Mac and Windows disks
 * are) by `_2`, `_3` … before the extension. The preset is assumed whole (rosterExportPresetProblems).
 */
export function createRosterExportWriter(preset: RosterExportPresetShape): RosterExportWriter {
  const parsed = parseRosterFileNameTemplate(preset.fileNameTemplate);
  const parts = 'parts' in parsed ? parsed.parts : [{ column: 'sourcedId' as const }];
  const namesFiles = preset.layout === 'csv-with-images';
  const used = new Set<string>();
  const fileNameOf = (person: RosterExportPerson): string | null => {
    if (!namesFiles || person.photoKey === null) return null;
    const stem = rosterFileNameStem(
      parts.map((part) => ('text' in part ? part.text : cellOf(person, part.column))).join(''),
    );
    const extension = rosterImageExtension(person.photoKey);
    let name = `${stem}${extension}`;
    for (let suffix = 2; used.has(name.toLowerCase()); suffix += 1) name = `${stem}_${suffix}${extension}`;
    used.add(name.toLowerCase());
    return name;
  };
  return {
    header: () =>
      preset.headerRow
        ? preset.columns
            // InDesign's data merge takes a field whose name starts with @ as an image's file.
            .map((column) => csvField(`${column === 'imageFileName' ? '@' : ''}${rosterExportColumn.label(column)}`))
            .join(',')
        : null,
    row: (person) => {
      const imageFileName = fileNameOf(person);
      const line = preset.columns
        .map((column) => csvField(column === 'imageFileName' ? (imageFileName ?? '') : cellOf(person, column)))
        .join(',');
      return { line, imageFileName };
    },
  };
}

const byText = (a: string | null, b: string | null) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
};

/** The preset's order: by family then given name, or by grade (school order), homeroom, then name. */
export function compareRosterExportPeople(sortOrder: RosterExportSortCode) {
  return (a: RosterExportPerson, b: RosterExportPerson): number => {
    if (sortOrder === 'grade-homeroom-familyName') {
      const rank = (person: RosterExportPerson) => (person.grade ? rosterGradeRank(person.grade) : 99);
      const byGrade = rank(a) - rank(b) || byText(a.homeroom, b.homeroom);
      if (byGrade !== 0) return byGrade;
    }
    return byText(a.familyName, b.familyName) || byText(a.givenName, b.givenName) || byText(a.sourcedId, b.sourcedId);
  };
}

/** A whole export at once (small rosters, previews, tests): the CSV's lines and the portraits' names. */
export function buildRosterExport(
  preset: RosterExportPresetShape,
  people: readonly RosterExportPerson[],
): { lines: string[]; imageFiles: { photoKey: string; fileName: string }[] } {
  const writer = createRosterExportWriter(preset);
  const header = writer.header();
  const lines = header === null ? [] : [header];
  const imageFiles: { photoKey: string; fileName: string }[] = [];
  for (const person of [...people].sort(compareRosterExportPeople(preset.sortOrder))) {
    const { line, imageFileName } = writer.row(person);
    lines.push(line);
    if (imageFileName !== null && person.photoKey !== null)
      imageFiles.push({ photoKey: person.photoKey, fileName: imageFileName });
  }
  return { lines, imageFiles };
}
