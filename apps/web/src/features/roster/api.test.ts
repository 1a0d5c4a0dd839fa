import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { RosterError } from '../../lib/roster';
import { asFormError, rosterDownloadHref, rosterForm } from './api';

const rosterError = (statusCode: number | null, message: string, data: unknown) =>
  new RosterError({ statusCode, message, data }, null);

describe('a roster refusal as the form pattern reads it', () => {
  it('turns a problem naming fields into an ApiError with those field errors and the message', () => {
    const error = asFormError(
      rosterError(400, 'name: Enter a name', {
        title: 'Bad Request',
        code: 'validation',
        errors: [{ path: 'name', message: 'Enter a name' }],
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).detail).toBe('name: Enter a name');
    expect((error as ApiError).fieldErrors).toEqual({ name: 'Enter a name' });
  });

  it.each<{ name: string; error: unknown }>([
    { name: 'a 409 without fields', error: rosterError(409, 'Already running', { message: 'Already running' }) },
    { name: 'no response at all', error: rosterError(null, 'No response received from server.', null) },
    { name: 'a plain-text body', error: rosterError(500, 'An unexpected error occurred', 'boom') },
    { name: 'malformed field errors', error: rosterError(400, 'Bad', { errors: [{ path: 3 }] }) },
    { name: 'something else entirely', error: new TypeError('x') },
  ])('leaves $name as it is (its message is part 8’s)', ({ error }) => {
    expect(asFormError(error)).toBe(error);
  });
});

describe('a roster download link', () => {
  it.each([
    ['/roster/exports/8/download?s=1', '/roster', '/roster/exports/8/download?s=1'],
    [
      '/roster/exports/8/download?s=1',
      'https://roster.example.org/roster',
      'https://roster.example.org/roster/exports/8/download?s=1',
    ],
    ['https://cdn.example.org/x.zip', 'https://roster.example.org/roster', 'https://cdn.example.org/x.zip'],
  ])('%s at base %s is %s', (url, base, href) => {
    expect(rosterDownloadHref(url, base)).toBe(href);
  });
});

describe('a roster upload', () => {
  it('sends the ids first and the file last, leaving out ids not given', () => {
    const form = rosterForm(new File(['PK'], 'bundle.zip'), { schoolId: 4, districtId: undefined });
    expect([...form.keys()]).toEqual(['schoolId', 'file']);
    expect(form.get('schoolId')).toBe('4');
    expect((form.get('file') as File).name).toBe('bundle.zip');
  });
});
