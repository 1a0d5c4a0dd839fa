/**
 * What an audit-log row says was done, in words: the row keeps the HTTP method and the route
 * (`POST accounts/get/get_accounts_post`); people read "Searched accounts". One table here, read by
 * the API when it answers the audit log, so no screen holds its own copy.
 */

/** Routes whose name says nothing of what they do, by `METHOD route` (the route without `/api/`). */
const namedActions: Readonly<Record<string, string>> = {
  'POST auth/login': 'Signed in',
  'POST auth/logout': 'Signed out',
  'POST auth/password/change': 'Changed password',
  'POST auth/password/forgot': 'Asked for a password link',
  'POST auth/password/reset': 'Set a new password',
  'POST auth/impersonate': 'Started acting as another user',
  'POST auth/impersonate/end': 'Stopped acting as another user',
  'POST users/mfa/send_code': 'Asked for a sign-in code',
  'POST users/mfa/validate_code': 'Entered a sign-in code',
  'PUT users/mfa/method': 'Changed two-step sign-in',
  'POST users/mfa/totp/setup': 'Started setting up an authenticator app',
  'POST users/mfa/totp/enable': 'Turned on an authenticator app',
  'POST users/confirm_email': 'Confirmed an e-mail address',
  'PUT profile': 'Updated own profile',
  'POST files/avatar': 'Uploaded a profile picture',
  'POST files/account_image': 'Uploaded an account image',
  'POST files/account_brand': 'Uploaded an account logo',
  'POST accounts/get/get_accounts_post': 'Searched accounts',
  'POST projects/get/get_projects_post': 'Searched projects',
  'POST proofs/get/get_proofs_post': 'Searched proofs',
  'POST school_signups': 'Signed up a school',
  'POST user_accounts': 'Linked a user to an account',
  'DELETE user_accounts/:id': 'Unlinked a user from an account',
  'PUT account_settings/:id': 'Updated account settings',
  'POST widgets/:name': 'Changed a profile card',
  'POST uploads': 'Uploaded a proof',
  'POST uploads/sessions': 'Started uploading a proof',
  'POST uploads/sessions/:id/parts': 'Uploaded part of a proof',
  'POST uploads/sessions/:id/part_urls': 'Uploaded part of a proof',
  'POST uploads/sessions/:id/complete': 'Finished uploading a proof',
  'DELETE uploads/sessions/:id': 'Cancelled a proof upload',
  'PUT files/upload/*': 'Uploaded a file',
  'POST presigned_upload_post_private': 'Uploaded a file',
  'POST proof_cover_image': 'Set a proof’s cover image',
  'POST proofs/:id/approve': 'Approved a proof',
  'POST proofs/:id/reject': 'Rejected a proof',
  'POST orders/get/get_orders_post': 'Searched orders',
  'POST orders/:id/status': 'Set an order’s status',
  'POST orders/invoice/paid/:id': 'Recorded an order’s payment',
};

/** `manufacturing_plants` → `manufacturing plant`: the record a generic route acts on. */
function recordNoun(segment: string): string {
  const words = segment.replaceAll('_', ' ');
  if (/ies$/.test(words)) return words.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(words)) return words.replace(/es$/, '');
  return words.replace(/s$/, '');
}

// By sound: an account, an upload, but a user.
const article = (noun: string) => (/^([aeio]|u[np])/.test(noun) ? `an ${noun}` : `a ${noun}`);

/**
 * The action of an audit row in words. Named routes come from the table above; the generic record
 * routes read as "Created a user", "Updated an account", "Deleted a manufacturer", and a record's
 * own step (`proofs/:id/cancel`) as "Cancel on a proof". Anything else shows as it is stored.
 */
export function auditActionLabel(method: string, route: string): string {
  const named = namedActions[`${method} ${route}`];
  if (named) return named;
  const [first, second, third, ...rest] = route.split('/');
  if (!first || rest.length > 0) return `${method} ${route}`;
  const noun = article(recordNoun(first));
  if (second === undefined && method === 'POST') return `Created ${noun}`;
  if (second === ':id' && third === undefined) {
    if (method === 'PUT' || method === 'PATCH') return `Updated ${noun}`;
    if (method === 'DELETE') return `Deleted ${noun}`;
  }
  if (second === ':id' && third && method === 'POST') {
    const step = third.replaceAll('_', ' ');
    return `${step.charAt(0).toUpperCase()}${step.slice(1)} on ${noun}`;
  }
  return `${method} ${route}`;
}
