import { describe, expect, it } from 'vitest';
import {
  describeRosterFailure,
  normalizeRosterResponse,
  ROSTER_NO_RESPONSE_MESSAGE,
  ROSTER_UNEXPECTED_MESSAGE,
  type RosterFailureInput,
  rosterBaseUrl,
  rosterErrorMessage,
} from './roster';

describe('rosterErrorMessage (part 8: the message is taken, in order, from the response message, the nested error message, then a plain-text body)', () => {
  it.each<{ name: string; data: unknown; expected: string | undefined }>([
    {
      name: 'takes the response message first',
      data: { message: 'School not found', error: { message: 'nested' } },
      expected: 'School not found',
    },
    {
      name: 'then the nested error message',
      data: { error: { message: 'District locked' } },
      expected: 'District locked',
    },
    { name: 'then a plain-text body', data: 'Bad Gateway', expected: 'Bad Gateway' },
    { name: 'skips an empty message', data: { message: '', error: { message: 'nested' } }, expected: 'nested' },
    { name: 'finds nothing in an empty body', data: null, expected: undefined },
  ])('$name', ({ data, expected }) => {
    expect(rosterErrorMessage(data)).toBe(expected);
  });
});

describe('describeRosterFailure (part 8: roster service failures become errors carrying status code, data and message)', () => {
  it.each<{
    name: string;
    input: RosterFailureInput;
    expected: { statusCode: number | null; message: string; data: unknown };
  }>([
    {
      name: 'carries the status code, data and message of a response',
      input: { response: { status: 422, data: { message: 'Invalid grade' } } },
      expected: { statusCode: 422, message: 'Invalid grade', data: { message: 'Invalid grade' } },
    },
    {
      name: 'falls back to the unexpected message when a response has none',
      input: { response: { status: 502, data: {} } },
      expected: { statusCode: 502, message: ROSTER_UNEXPECTED_MESSAGE, data: {} },
    },
    {
      name: "says 'No response received from server. Please check your connection.' when no response came",
      input: { requestSent: true },
      expected: {
        statusCode: null,
        message: 'No response received from server. Please check your connection.',
        data: null,
      },
    },
    {
      name: "says 'An unexpected error occurred' with status 500 otherwise",
      input: {},
      expected: { statusCode: 500, message: 'An unexpected error occurred', data: null },
    },
  ])('$name', ({ input, expected }) => {
    expect(describeRosterFailure(input)).toEqual(expected);
  });

  it('keeps the no-response message verbatim', () => {
    expect(ROSTER_NO_RESPONSE_MESSAGE).toBe('No response received from server. Please check your connection.');
  });
});

describe('normalizeRosterResponse (part 8: an empty roster response is treated as status 204 with empty data)', () => {
  it.each<{ name: string; status: number; data: unknown; expected: { status: number; data: unknown } }>([
    { name: 'treats no body as 204', status: 200, data: undefined, expected: { status: 204, data: null } },
    { name: 'treats an empty string as 204', status: 200, data: '', expected: { status: 204, data: null } },
    { name: 'treats null as 204', status: 200, data: null, expected: { status: 204, data: null } },
    { name: 'keeps a body as it is', status: 200, data: { id: 1 }, expected: { status: 200, data: { id: 1 } } },
  ])('$name', ({ status, data, expected }) => {
    expect(normalizeRosterResponse(status, data)).toEqual(expected);
  });
});

describe('rosterBaseUrl (the roster has its own base URL: /roster by default, ROSTER_URL when the operator sets it)', () => {
  it.each<{ name: string; rosterUrl: string | null | undefined; expected: string }>([
    { name: 'is /roster at the dashboard origin when unset', rosterUrl: null, expected: '/roster' },
    { name: 'is /roster when undefined', rosterUrl: undefined, expected: '/roster' },
    { name: 'is /roster when blank', rosterUrl: '  ', expected: '/roster' },
    {
      name: "is a bare origin's /roster, where the roster process serves",
      rosterUrl: 'https://roster.example.org',
      expected: 'https://roster.example.org/roster',
    },
    {
      name: 'drops the trailing slash of a bare origin',
      rosterUrl: 'http://localhost:3100/',
      expected: 'http://localhost:3100/roster',
    },
    {
      name: 'keeps a path the operator gave',
      rosterUrl: 'https://gateway.example.org/services/roster/',
      expected: 'https://gateway.example.org/services/roster',
    },
    {
      name: 'keeps an explicit /roster',
      rosterUrl: 'https://r.example.org/roster',
      expected: 'https://r.example.org/roster',
    },
  ])('$name', ({ rosterUrl, expected }) => {
    expect(rosterBaseUrl(rosterUrl)).toBe(expected);
  });
});
