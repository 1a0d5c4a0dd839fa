import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  /** Session id: the token is only as good as its session row. */
  sid: string;
  sub: string;
  ver: number;
}

export async function signIdentityToken(secret: Uint8Array, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid, ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setIssuer('colophon')
    .sign(secret);
}

export async function verifyIdentityToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
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
