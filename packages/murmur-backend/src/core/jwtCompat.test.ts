/**
 * The core's tokens are real HS256 JWTs: an independent implementation
 * (the `jsonwebtoken` package) verifies ours, and ours accepts its tokens,
 * while refusing forgeries, other algorithms and `alg: none`.
 */
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createNodeCore } from '../node/index.js';

/** `MURMUR_TOKEN_SECRET` in mock-core/src/auth.rs: a change there fails this test. */
const SECRET = 'murmur-mock-core-token-secret-v1';
const NOW = Date.UTC(2026, 10, 1, 12, 0, 0);

const core = createNodeCore();

function call(method: string, url: string, authorization?: string, body = '') {
  const res = core.handleAt(method, url, authorization, body, NOW, 0);
  return { status: res.status, json: JSON.parse(res.body) as Record<string, unknown> };
}

function login(username: string, password: string): string {
  const { status, json } = call('POST', '/api/auth/login', undefined, JSON.stringify({ username, password }));
  expect(status).toBe(200);
  return json.encodedToken as string;
}

const base64url = (text: string) => Buffer.from(text).toString('base64url');

describe('HS256 tokens, checked against jsonwebtoken', () => {
  it('jsonwebtoken verifies a token the core issued', () => {
    const token = login('guest', 'guest123');
    const header = jwt.decode(token, { complete: true })?.header;
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = jwt.verify(token, SECRET, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    expect(payload._id).toBe('u-guest');
    expect(payload.username).toBe('guest');
    expect(payload.iat).toBe(NOW / 1000);
    expect(JSON.stringify(payload)).not.toMatch(/password|digest|salt/);
    expect(() => jwt.verify(token, 'another secret')).toThrow(/invalid signature/);
  });

  it('the core accepts a token jsonwebtoken signed, raw or as Bearer', () => {
    const token = jwt.sign({ _id: 'u-maya', username: 'maya_lind' }, SECRET, { algorithm: 'HS256' });
    for (const authorization of [token, `Bearer ${token}`]) {
      const { status, json } = call('GET', '/api/users/bookmark', authorization);
      expect(status).toBe(200);
      expect(json.bookmarks).toEqual(['p-03']);
    }
  });

  it('the core refuses forged, other-algorithm and alg-none tokens', () => {
    const claims = { _id: 'u-guest', username: 'guest' };
    const none = `${base64url('{"alg":"none","typ":"JWT"}')}.${base64url(JSON.stringify(claims))}.`;
    const forged = [
      jwt.sign(claims, 'not the secret', { algorithm: 'HS256' }),
      jwt.sign(claims, SECRET, { algorithm: 'HS384' }),
      jwt.sign(claims, SECRET, { algorithm: 'HS512' }),
      none,
      'garbage',
    ];
    for (const token of forged) {
      const { status, json } = call('GET', '/api/users/bookmark', token);
      expect(status).toBe(401);
      expect(json.errors).toEqual(['The token is invalid. Unauthorized access error.']);
    }
  });

  it('a genuine token for a user who does not exist is a 404', () => {
    const token = jwt.sign({ _id: 'u-ghost', username: 'ghost' }, SECRET);
    const { status, json } = call('GET', '/api/users/bookmark', token);
    expect(status).toBe(404);
    expect(json.errors).toEqual(['The username you entered is not Registered. Not Found error']);
  });
});
