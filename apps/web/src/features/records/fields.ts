import type { z } from 'zod';

/** A field of the edit form, read from the update body's schema. */
export interface EditableField {
  key: string;
  kind: 'text' | 'number' | 'switch' | 'select';
  nullable: boolean;
  options?: string[];
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; entries?: Record<string, string | number> };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** A body field as the generic forms render it, or null when it is not a simple field. */
function simpleField(key: string, field: z.ZodType, followTransforms: boolean): EditableField | null {
  let schema = field;
  let nullable = false;
  for (let depth = 0; depth < 8; depth += 1) {
    const def = defOf(schema);
    if (def.type === 'nullable') nullable = true;
    // A transformed input (an e-mail trimmed and lowered) is typed as its input when asked.
    if (followTransforms && def.type === 'pipe' && def.in) {
      schema = def.in;
      continue;
    }
    if (!['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly'].includes(def.type) || !def.innerType)
      break;
    schema = def.innerType;
  }
  const def = defOf(schema);
  if (def.type === 'string') return { key, kind: 'text', nullable };
  if (def.type === 'number') return { key, kind: 'number', nullable };
  if (def.type === 'boolean') return { key, kind: 'switch', nullable };
  if (def.type === 'enum' && def.entries) {
    return { key, kind: 'select', nullable, options: Object.values(def.entries).map(String) };
  }
  return null;
}

/**
 * The fields the generic form edits: the update body's strings, numbers, yes/no and enumerations,
 * in its order; nested objects, lists and transformed values (e-mail, dates) stay read-only here.
 */
export function editableFields(update: z.ZodObject): EditableField[] {
  return Object.entries(update.shape as Record<string, z.ZodType>)
    .map(([key, field]) => simpleField(key, field, false))
    .filter((field): field is EditableField => field !== null);
}

/** A field of the create form: required when the body cannot go without it, with its default. */
export interface CreateField extends EditableField {
  required: boolean;
  initial: string | number | boolean;
}

/**
 * The create form of a type, read from the create body's schema: its simple fields (a transformed
 * input such as an e-mail is typed as its input) with what the schema says of a missing value
 * (required, or its default), and the keys the generic form leaves to the type's own page.
 */
export function creatableFields(create: z.ZodObject): { fields: CreateField[]; elsewhere: string[] } {
  const fields: CreateField[] = [];
  const elsewhere: string[] = [];
  for (const [key, field] of Object.entries(create.shape as Record<string, z.ZodType>)) {
    const simple = simpleField(key, field, true);
    if (!simple) {
      elsewhere.push(key);
      continue;
    }
    const missing = field.safeParse(undefined);
    fields.push({
      ...simple,
      required: !missing.success,
      initial: formValue(simple, missing.success ? missing.data : undefined),
    });
  }
  return { fields, elsewhere };
}

/** The body of a create: blanks left out (the schema's default applies), or null where the field takes none. */
export function createBody(fields: CreateField[], values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (value === '' || value === null || value === undefined) {
      if (field.nullable && field.required) body[field.key] = null;
      continue;
    }
    body[field.key] = value;
  }
  return body;
}

/** 'internalStatus' → 'Internal status'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as the field view shows it. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}

/** The form's value of a record's field: '' stands for none. */
export function formValue(field: EditableField, value: unknown): string | number | boolean {
  if (field.kind === 'switch') return value === true;
  if (value === null || value === undefined) return '';
  return field.kind === 'number' ? Number(value) : String(value);
}

/** The body of a change: only the fields changed, '' sent as null where the field takes none. */
export function changedBody(
  fields: EditableField[],
  initial: Record<string, unknown>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (value === initial[field.key]) continue;
    body[field.key] = value === '' ? (field.nullable ? null : undefined) : value;
  }
  return body;
}
