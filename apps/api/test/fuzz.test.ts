import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidValueCodes } from '../src/plugins/problems';
import { ADVISER, createTestApp, DEMO_PASSWORD, SUPER, type TestApp } from './harness';

/**
 * Malformed input on every route of the OpenAPI document must be a 4xx, never a 5xx: ids past
 * int4, NUL characters (PostgreSQL text cannot hold one), prototype names as includes, a very deep
 * JSON body, a body that is not JSON. Each case is sent as a super administrator and as a school
 * user. The requests are generated from the document, so a new route is covered without a change.
 *
 * Nothing here may change data when the server is right: only the fuzzed value is invalid, and
 * when a path id is not the fuzzed value it is the largest int4 (no such record), except on GETs.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Schema = OpenAPIV3.SchemaObject;

const NUL = 'a\u0000b';
const BAD_IDS = ['2147483648', '99999999999999999999', '-1', 'abc'];
/** Past int4; and 1e20, past every integer type (and past a double's exact integers). */
const BAD_NUMBERS = [2147483648, 1e20];
const NO_SUCH_ID = '2147483647';
const DEEP_LEVELS = 5000;

const DEEP_JSON = `${'{"a":'.repeat(DEEP_LEVELS)}1${'}'.repeat(DEEP_LEVELS)}`;
const DEEP_MARK = 'fuzz-deep-value-goes-here';
const DEEP_ARRAY_JSON = `${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}`;

interface FuzzCase {
  label: string;
  request: InjectOptions;
}

let t: TestApp;
let document: OpenAPIV3.Document;
beforeAll(async () => {
  t = await createTestApp();
  document = t.app.swagger() as OpenAPIV3.Document;
});
afterAll(async () => t.close());

function resolve<T>(item: T | OpenAPIV3.ReferenceObject): T {
  if (item && typeof item === 'object' && '$ref' in item) {
    const name = item.$ref.split('/').pop() ?? '';
    return document.components?.schemas?.[name] as T;
  }
  return item as T;
}

/** One member of an anyOf/oneOf (the first that is not null), or the schema itself. */
function concreteSchema(schema: Schema | OpenAPIV3.ReferenceObject | undefined): Schema {
  const resolved = resolve<Schema>(schema ?? {}) ?? {};
  const options = resolved.anyOf ?? resolved.oneOf;
  if (options) {
    const first = options.map((option) => resolve<Schema>(option)).find((option) => option.type !== undefined);
    return first ?? resolved;
  }
  if (resolved.allOf?.length) return concreteSchema(resolved.allOf[0]);
  return resolved;
}

/** A value the schema accepts (as far as one can tell without running it): the base of each body case. */
function sample(schemaOrRef: Schema | OpenAPIV3.ReferenceObject | undefined, depth = 0): unknown {
  const schema = concreteSchema(schemaOrRef);
  if (schema.enum?.length) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  if ('const' in schema) return (schema as { const: unknown }).const;
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return Math.max(minimum, schema.exclusiveMinimum ? minimum + 1 : minimum, 1);
    }
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'email') return 'fuzz@colophon.test';
      if (schema.format === 'date-time') return '2025-01-01T00:00:00.000Z';
      if (schema.format === 'date') return '2025-01-01';
      if (schema.format === 'uri') return 'https://colophon.test/x';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => sample((schema as OpenAPIV3.ArraySchemaObject).items, depth + 1));
    }
    default: {
      if (depth > 4) return {};
      const body: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key)) body[key] = sample(inner, depth + 1);
      }
      return body;
    }
  }
}

/** Wrong values of the field's own shape: what a caller who gets the type right but not the range sends. */
function badValuesFor(schemaOrRef: Schema | OpenAPIV3.ReferenceObject | undefined): unknown[] {
  const schema = concreteSchema(schemaOrRef);
  const values: unknown[] = [NUL, ...BAD_NUMBERS];
  if (schema.type === 'array') {
    values.push([NUL], ...BAD_NUMBERS.map((value) => [value]));
  }
  return values;
}

/**
 * One level further in: a field that is an object, or a list of objects, with one inner field
 * wrong (`preferences: [{ typeNotification: 2147483648, … }]`).
 */
function innerBadValues(schemaOrRef: Schema | OpenAPIV3.ReferenceObject | undefined): [string, unknown][] {
  const schema = concreteSchema(schemaOrRef);
  const isList = schema.type === 'array';
  const itemSchema = isList ? concreteSchema((schema as OpenAPIV3.ArraySchemaObject).items) : schema;
  const properties = itemSchema.properties ?? {};
  const cases: [string, unknown][] = [];
  for (const [inner, innerSchema] of Object.entries(properties)) {
    for (const bad of badValuesFor(innerSchema)) {
      const item = { ...(sample(itemSchema) as object), [inner]: bad };
      cases.push([`${isList ? '0.' : ''}${inner}=${JSON.stringify(bad)}`, isList ? [item] : item]);
    }
  }
  return cases;
}

function pathValue(parameter: OpenAPIV3.ParameterObject): string {
  if (parameter.name === '*') return 'x.png';
  if (parameter.name === 'software') return 'ordering-software-h';
  if (parameter.name === 'automation') return 'prepress';
  const schema = concreteSchema(parameter.schema);
  if (schema.enum?.length) return String(schema.enum[0]);
  return NO_SUCH_ID;
}

const isIdParameter = (parameter: OpenAPIV3.ParameterObject) => parameter.name === 'id' || /Id$/.test(parameter.name);

function buildUrl(path: string, values: Record<string, string>, query = ''): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? '1'));
  return query ? `${filled}?${query}` : filled;
}

/** Every malformed shape for one operation of the document. */
/** An operation that answers `text/event-stream`, as the contract describes its 200. */
function isStreamed(operation: OpenAPIV3.OperationObject): boolean {
  return JSON.stringify(operation.responses?.['200'] ?? {}).includes('text/event-stream');
}

function casesFor(path: string, method: Method, operation: OpenAPIV3.OperationObject): FuzzCase[] {
  const parameters = (operation.parameters ?? []).map((parameter) => resolve<OpenAPIV3.ParameterObject>(parameter));
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const validPath: Record<string, string> = {};
  for (const parameter of pathParameters) {
    validPath[parameter.name] = isIdParameter(parameter) && method === 'GET' ? '1' : pathValue(parameter);
  }
  const cases: FuzzCase[] = [];
  // A stream (GET /api/events) that accepts a case never ends: its answer is taken as a stream, and the
  // status is what is checked.
  const streamed = isStreamed(operation);
  const add = (label: string, request: Omit<InjectOptions, 'method'>) =>
    cases.push({
      label: `${method} ${path} ${label}`,
      request: { method, ...request, ...(streamed ? { payloadAsStream: true } : {}) },
    });

  for (const parameter of pathParameters.filter(isIdParameter)) {
    for (const bad of BAD_IDS) {
      add(`path ${parameter.name}=${bad}`, { url: buildUrl(path, { ...validPath, [parameter.name]: bad }) });
    }
  }

  const baseUrl = buildUrl(path, validPath);
  add('query search=%00', { url: `${baseUrl}?search=%00` });
  // Unknown query names are ignored, so on a write they would let the write run: only GETs get them.
  if (method === 'GET') {
    add('query include=prototype names', { url: `${baseUrl}?include=__proto__,hasOwnProperty,valueOf` });
    add('query include[]=__proto__', { url: `${baseUrl}?include[]=__proto__&include[]=constructor` });
    add('query __proto__ key', { url: `${baseUrl}?__proto__=1&__proto__=2&constructor=x` });
  }
  for (const parameter of queryParameters) {
    const name = encodeURIComponent(parameter.name);
    for (const bad of ['a%00b', ...BAD_NUMBERS.map(String)])
      add(`query ${name}=${bad}`, { url: `${baseUrl}?${name}=${bad}` });
    // The array form (`key[]=`) reaches list filters that a single value does not.
    add(`query ${name}[]=2147483648`, { url: `${baseUrl}?${name}[]=2147483648` });
  }

  if (method === 'GET') return cases;
  const json = { 'content-type': 'application/json' };
  add('deep JSON object body', { url: baseUrl, headers: json, payload: DEEP_JSON });
  add('deep JSON array body', { url: baseUrl, headers: json, payload: DEEP_ARRAY_JSON });
  add('non-JSON body', { url: baseUrl, headers: json, payload: 'this is not JSON' });
  add('NUL string body', { url: baseUrl, headers: json, payload: JSON.stringify({ field: NUL }) });
  add('NUL key body', { url: baseUrl, headers: json, payload: JSON.stringify({ [NUL]: 1 }) });

  const body = operation.requestBody ? resolve<OpenAPIV3.RequestBodyObject>(operation.requestBody) : undefined;
  const bodySchema = body?.content?.['application/json']?.schema;
  if (!bodySchema) return cases;
  const base = sample(bodySchema);
  const properties = concreteSchema(bodySchema).properties ?? {};
  for (const [field, fieldSchema] of Object.entries(properties)) {
    for (const bad of badValuesFor(fieldSchema)) {
      const payload = JSON.stringify({ ...(base as object), [field]: bad });
      add(`body ${field}=${JSON.stringify(bad)}`, { url: baseUrl, headers: json, payload });
    }
    for (const [label, bad] of innerBadValues(fieldSchema)) {
      const payload = JSON.stringify({ ...(base as object), [field]: bad });
      add(`body ${field}.${label}`, { url: baseUrl, headers: json, payload });
    }
    // Spliced in as text: the deep value is what the server must refuse to build.
    const deep = JSON.stringify({ ...(base as object), [field]: DEEP_MARK }).replace(`"${DEEP_MARK}"`, DEEP_JSON);
    add(`body ${field}=5,000-deep object`, { url: baseUrl, headers: json, payload: deep });
  }
  return cases;
}

function allCases(): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs') || !item) continue;
    for (const method of ['get', 'post', 'put', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (operation) cases.push(...casesFor(path, method.toUpperCase() as Method, operation));
    }
  }
  return cases;
}

const databaseMessages = new Set(invalidValueCodes.values());
function refusedByDatabase(response: LightMyRequestResponse): boolean {
  const errors = response.json<{ errors?: { message: string }[] }>().errors ?? [];
  return errors.some((error) => databaseMessages.has(error.message));
}

/**
 * A streamed answer: an accepted stream is closed at once (its status is the finding); a refusal is
 * read whole, as any other answer is.
 */
async function bodyOf(response: LightMyRequestResponse, request: InjectOptions): Promise<LightMyRequestResponse> {
  if (!request.payloadAsStream) return response;
  const stream = response.stream();
  if (response.statusCode < 400) {
    stream.destroy();
    return { ...response, body: '', json: () => ({}) } as unknown as LightMyRequestResponse;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const body = Buffer.concat(chunks).toString('utf8');
  return { ...response, body, json: () => JSON.parse(body) } as unknown as LightMyRequestResponse;
}

/**
 * Sends as `email` with a token of its own. A case that ends the session (a sign-out that ran
 * despite the malformed input) would turn every later case into a 401, so it signs in again once.
 */
const tokens = new Map<string, string>();
async function send(email: string, request: InjectOptions): Promise<LightMyRequestResponse> {
  for (let attempt = 0; ; attempt++) {
    let token = tokens.get(email);
    if (!token) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      token = login.json<{ token: string }>().token;
      tokens.set(email, token);
    }
    const response = await bodyOf(await t.call({ ...request, as: token }), request);
    if (response.statusCode !== 401 || attempt > 0) return response;
    tokens.delete(email);
  }
}

describe('malformed input on every route of the OpenAPI document', () => {
  it('covers the document', () => {
    const cases = allCases();
    expect(Object.keys(document.paths).length).toBeGreaterThan(100);
    expect(cases.length).toBeGreaterThan(1000);
  });

  for (const email of [SUPER, ADVISER]) {
    it(`never answers 5xx, as ${email}`, { timeout: 600_000 }, async () => {
      const failures: string[] = [];
      for (const { label, request } of allCases()) {
        const response = await send(email, request);
        if (response.statusCode >= 500) {
          failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 160)}`);
        } else if (response.statusCode === 400 && refusedByDatabase(response)) {
          // The error handler's net caught it: still a 400, but validation should have named the field.
          failures.push(`${label} → 400 from the database, not validation: ${response.body.slice(0, 160)}`);
        }
      }
      expect(failures, `${failures.length} server errors:\n${failures.join('\n')}`).toEqual([]);
    });
  }
});
