import { describe, expect, it } from 'vitest';
import { auditActionLabel } from './auditActions';

describe('auditActionLabel', () => {
  it.each([
    ['POST', 'auth/login', 'Signed in'],
    ['POST', 'accounts/get/get_accounts_post', 'Searched accounts'],
    ['POST', 'proofs/:id/approve', 'Approved a proof'],
    ['POST', 'users', 'Created a user'],
    ['PUT', 'users/:id', 'Updated a user'],
    ['PUT', 'accounts/:id', 'Updated an account'],
    ['DELETE', 'manufacturing_plants/:id', 'Deleted a manufacturing plant'],
    ['POST', 'addresses', 'Created an address'],
    ['POST', 'proofs/:id/mark_printed', 'Mark printed on a proof'],
    ['POST', 'some/odd/route/shape', 'POST some/odd/route/shape'],
  ])('%s %s reads “%s”', (method, route, label) => {
    expect(auditActionLabel(method, route)).toBe(label);
  });
});
