import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIdentityToken, verifyIdentityToken } from './tokens';

const secret = new TextEncoder().encode('a-test-secret-of-at-least-32-characters!');
const otherSecret = new TextEncoder().encode('another-secret-of-at-least-32-characters');
const claims = { sid: '6f1f2b1e-9a57-4a53-9b8f-3c1f4f3e2a10', sub: '42', ver: 3 };
const inAnHour = () => new Date(Date.now() + 3_600_000);
const seconds = (offset: number) => Math.floor(Date.now() / 1000) + offset;

/** A token signed by jose with the given header and claims (what an attacker or a bug could send). */
const signed = (
  claimsSet: Record<string, unknown>,
  header: { alg: string; [key: string]: unknown } = { alg: 'HS256' },
) => new SignJWT(claimsSet).setProtectedHeader(header).sign(secret);

/** What jose's jwtVerify, the verifier this one replaces, said of the same token. */
async function joseSays(token: string) {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: 'colophon', algorithms: ['HS256'] });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') {
      return null;
    }
    return { sid: payload.sid, sub: payload.sub, ver: payload.ver };
  } catch {
    return null;
  }
}

describe('identity tokens', () => {
  it('accepts the tokens we sign, as jose does', async () => {
    const token = await signIdentityToken(secret, claims, inAnHour());
    expect(await verifyIdentityToken(secret, token)).toEqual(claims);
    expect(await joseSays(token)).toEqual(claims);
  });

  it('refuses what jose refuses', async () => {
    const good = await signIdentityToken(secret, claims, inAnHour());
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const base = { ...claims, iss: 'colophon', iat: seconds(0) };
    const forged = (body: object) => {
      const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
      const mac = createHmac('sha256', secret).update(`${header}.${encoded}`).digest('base64url');
      return `${header}.${encoded}.${mac}`;
    };
    const cases: Record<string, string> = {
      'another secret': await signIdentityToken(otherSecret, claims, inAnHour()),
      expired: await signIdentityToken(secret, claims, new Date(Date.now() - 1000)),
      'expiring this second': await signed({ ...base, exp: seconds(0) }),
      'not yet valid': await signed({ ...base, exp: seconds(3600), nbf: seconds(60) }),
      'another issuer': await signed({ ...base, iss: 'someone', exp: seconds(3600) }),
      'no issuer': await signed({ sid: claims.sid, sub: claims.sub, ver: claims.ver, exp: seconds(3600) }),
      'exp not a number': await signed({ ...base, exp: String(seconds(3600)) }),
      'iat not a number': await signed({ ...base, iat: 'now', exp: seconds(3600) }),
      HS512: await signed({ ...base, exp: seconds(3600) }, { alg: 'HS512' }),
      'alg none': `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`,
      'payload changed': forged({ ...base, exp: seconds(3600), sub: '1' }).replace(/\.[^.]+$/, `.${signature}`),
      'signature cut': `${header}.${payload}.${signature.slice(0, -2)}`,
      'two parts': `${header}.${payload}`,
      'four parts': `${good}.x`,
      'a payload that is a list': forged([1, 2, 3]),
      'a payload that is not JSON': `${header}.${Buffer.from('{oops').toString('base64url')}.${createHmac(
        'sha256',
        secret,
      )
        .update(`${header}.${Buffer.from('{oops').toString('base64url')}`)
        .digest('base64url')}`,
      'no session id': forged({ sub: claims.sub, ver: claims.ver, iss: 'colophon', exp: seconds(3600) }),
      'subject not a string': forged({ ...base, sub: 42, exp: seconds(3600) }),
      'version not a number': forged({ ...base, ver: '3', exp: seconds(3600) }),
      empty: '',
      'not base64url': `${header}.${payload}.${signature.slice(0, -1)}+`,
    };
    for (const [name, token] of Object.entries(cases)) {
      expect({ name, ours: await verifyIdentityToken(secret, token) }).toEqual({ name, ours: null });
      expect({ name, jose: await joseSays(token) }).toEqual({ name, jose: null });
    }
  });

  it('refuses what jose would take but we never sign: a padded signature, a critical header extension', async () => {
    const [header, payload, signature] = (await signIdentityToken(secret, claims, inAnHour())).split('.');
    const padded = `${header}.${payload}.${signature}=`;
    expect(await joseSays(padded)).toEqual(claims);
    expect(await verifyIdentityToken(secret, padded)).toBeNull();
    const token = await signed(
      { ...claims, iss: 'colophon', exp: seconds(3600) },
      { alg: 'HS256', crit: ['b64'], b64: true },
    );
    expect(await joseSays(token)).toEqual(claims);
    expect(await verifyIdentityToken(secret, token)).toBeNull();
  });

  it('accepts what jose accepts beyond our own tokens (no exp, a past nbf)', async () => {
    const base = { ...claims, iss: 'colophon' };
    for (const token of [await signed(base), await signed({ ...base, nbf: seconds(-10), exp: seconds(60) })]) {
      expect(await joseSays(token)).toEqual(claims);
      expect(await verifyIdentityToken(secret, token)).toEqual(claims);
    }
  });

  describe('a token verified before', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is still judged on its expiry and its start at each use', async () => {
      vi.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z'), toFake: ['Date'] });
      const token = await signIdentityToken(secret, claims, new Date('2026-03-01T12:00:10Z'));
      const early = await signed({
        ...claims,
        iss: 'colophon',
        nbf: Date.parse('2026-03-01T12:00:05Z') / 1000,
        exp: Date.parse('2026-03-01T13:00:00Z') / 1000,
      });
      expect(await verifyIdentityToken(secret, token)).toEqual(claims);
      expect(await verifyIdentityToken(secret, early)).toBeNull();
      vi.setSystemTime(new Date('2026-03-01T12:00:05Z'));
      expect(await verifyIdentityToken(secret, token)).toEqual(claims);
      expect(await verifyIdentityToken(secret, early)).toEqual(claims);
      vi.setSystemTime(new Date('2026-03-01T12:00:10Z'));
      expect(await verifyIdentityToken(secret, token)).toBeNull();
      expect(await verifyIdentityToken(secret, token)).toBeNull();
    });

    it('is known only under the secret that signed it', async () => {
      const token = await signIdentityToken(secret, claims, inAnHour());
      expect(await verifyIdentityToken(secret, token)).toEqual(claims);
      expect(await verifyIdentityToken(otherSecret, token)).toBeNull();
      expect(await verifyIdentityToken(secret, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    });
  });
});
