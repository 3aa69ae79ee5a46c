// The document refuses exactly what the core refuses: a standard JSON Schema
// validator (Ajv, draft 2020-12 as OpenAPI 3.1 uses) given docs/openapi.json's
// request schemas, and the real core, judge the same generated bodies
// (fast-check), concentrated around each input rule's boundaries: the
// lengths (in code points), whitespace trimmed or not, the forbidden control
// and bidirectional characters, the shapes of usernames, websites and media
// paths, and a tag feed's path parameter. A state-dependent refusal (a taken
// username) is kept out.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bodyText, callCore } from '../src/core/coreCall.js';
import { createNodeCore } from '../src/node/index.js';
import type { components } from './openapi.js';

type Schemas = components['schemas'];

const doc = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8')) as object;
const ajv = new Ajv2020({ strict: false, validateSchema: false, validateFormats: false });
ajv.addSchema(doc, 'murmur');

/** The request body schema of an operation, as a validator. */
function requestSchema(path: string, method: string): ValidateFunction {
  const pointer = `/paths/${path.replaceAll('/', '~1').replaceAll('{', '%7B').replaceAll('}', '%7D')}/${method}/requestBody/content/application~1json/schema`;
  return ajv.compile({ $ref: `murmur#${pointer}` });
}

const core = createNodeCore();
const guestToken = (() => {
  const answer = callCore(core, 'POST', '/api/auth/login', undefined, '{"username":"guest","password":"guest123"}');
  return (JSON.parse(bodyText(answer)) as { encodedToken: string }).encodedToken;
})();

/** The core's verdict: accepted (2xx) or refused with 400; a fresh seed each time, so nothing carries over. */
function coreAccepts(method: string, url: string, body: unknown, token?: string): boolean {
  core.reset();
  const answer = callCore(core, method, url, token, JSON.stringify(body));
  if (answer.status !== 400 && (answer.status < 200 || answer.status > 299)) {
    throw new Error(`${method} ${url} ${JSON.stringify(body)}: ${answer.status} ${bodyText(answer)}`);
  }
  return answer.status < 300;
}

/** Characters the rules treat specially, and plain ones (an emoji is two UTF-16 units, one code point). */
const CHARS = [
  'a',
  'Z',
  '9',
  '_',
  '.',
  '-',
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\u3000',
  '\u0085',
  '\u202e',
  '\u2066',
  '\u007f',
  '\u0000',
  '\ufeff',
  'é',
  '😀',
  '/',
  ':',
  '#',
  '?',
];

/**
 * Strings of `CHARS` (weighted to plain letters) with lengths around `max`,
 * short ones, and each boundary exactly (plain, in emoji, padded).
 */
function text(max: number): fc.Arbitrary<string> {
  const char = fc.oneof(
    { weight: 6, arbitrary: fc.constant('a') },
    { weight: 4, arbitrary: fc.constantFrom(...CHARS) },
  );
  const boundaries = [max - 1, max, max + 1].flatMap((n) => ['a'.repeat(n), '😀'.repeat(n), ` ${'b'.repeat(n)}\n`]);
  return fc.oneof(
    fc.constantFrom(...boundaries),
    fc.array(char, { maxLength: 4 }).map((c) => c.join('')),
    fc.array(char, { minLength: Math.max(0, max - 3), maxLength: max + 3 }).map((c) => c.join('')),
  );
}

function agree<T>(arbitrary: fc.Arbitrary<T>, judge: (value: T) => [core: boolean, schema: boolean]) {
  fc.assert(
    fc.property(arbitrary, (value) => {
      const [byCore, bySchema] = judge(value);
      expect(bySchema, `core ${byCore ? 'accepts' : 'refuses'} ${JSON.stringify(value)}`).toBe(byCore);
    }),
    { numRuns: 150 },
  );
}

describe('docs/openapi.json refuses what the core refuses', () => {
  const signup = requestSchema('/api/auth/signup', 'post');
  const editUser = requestSchema('/api/users/edit', 'post');
  const newPost = requestSchema('/api/posts', 'post');
  const comment = requestSchema('/api/comments/add/{postId}', 'post');

  it('sign-up: username, password and names', () => {
    const body = (patch: Partial<Schemas['SignupRequest']>): Schemas['SignupRequest'] => ({
      firstName: 'Ada',
      lastName: 'Byron',
      username: 'ada_b',
      password: 'password1',
      ...patch,
    });
    const judge = (b: Schemas['SignupRequest']): [boolean, boolean] => [
      coreAccepts('POST', '/api/auth/signup', b),
      signup(b),
    ];
    agree(text(30), (username) => judge(body({ username })));
    agree(text(128), (password) => judge(body({ password })));
    agree(text(50), (firstName) => judge(body({ firstName })));
    agree(text(50), (lastName) => judge(body({ lastName })));
  });

  it('profile edit: names, bio, website and avatar', () => {
    const judge = (userData: Schemas['UserData']): [boolean, boolean] => {
      const b = { userData };
      return [coreAccepts('POST', '/api/users/edit', b, guestToken), editUser(b)];
    };
    agree(text(50), (firstName) => judge({ firstName }));
    agree(text(160), (bio) => judge({ bio }));
    const scheme = fc.constantFrom('', 'http://', 'https://', 'HTTPS://', 'ftp://', 'http:/', 'http:///');
    agree(fc.tuple(scheme, text(200)), ([s, rest]) => judge({ website: s + rest }));
    const path = fc.constantFrom(
      'avatars/seed-1.svg',
      '/media/m-9',
      '//evil.example/a.png',
      'avatars/',
      'avatars/.x',
      'x/seed/a.b',
      '',
    );
    agree(path, (avatarURL) => judge({ avatarURL }));
  });

  it('posts: content and hashtags', () => {
    const judge = (postData: Schemas['PostData']): [boolean, boolean] => {
      const b = { postData };
      return [coreAccepts('POST', '/api/posts', b, guestToken), newPost(b)];
    };
    agree(text(100), (content) => judge({ content }));
    agree(text(100), (hashtags) => judge({ content: 'x', hashtags }));
    expect(judge({})).toEqual([false, false]);
  });

  it('comments: bare or as {text}', () => {
    agree(text(280), (t) => {
      const bare = { commentData: t };
      const wrapped = { commentData: { text: t } };
      const url = '/api/comments/add/p-01';
      const [a, b] = [coreAccepts('POST', url, bare, guestToken), coreAccepts('POST', url, wrapped, guestToken)];
      expect(a).toBe(b);
      return [a, comment(bare) && comment(wrapped)];
    });
  });

  it("a tag feed's {tag}: one hashtag, in any script", () => {
    const op = (doc as { paths: Record<string, { get: { parameters: { name: string }[] } }> }).paths[
      '/api/posts/tag/{tag}'
    ]!.get;
    const index = op.parameters.findIndex((p) => p.name === 'tag');
    const tagSchema = ajv.compile({
      $ref: `murmur#/paths/~1api~1posts~1tag~1%7Btag%7D/get/parameters/${index}/schema`,
    });
    const coreTakes = (tag: string) => {
      const answer = callCore(core, 'GET', `/api/posts/tag/${encodeURIComponent(tag)}`, undefined, '');
      if (answer.status !== 200 && answer.status !== 400)
        throw new Error(`${tag}: ${answer.status} ${bodyText(answer)}`);
      return answer.status === 200;
    };
    // Letters, digits and marks of other scripts, and characters a tag cannot hold.
    const tagChar = fc.constantFrom(
      'a',
      '9',
      '_',
      '#',
      'é',
      '\u0301',
      '日',
      'Ⓐ',
      '½',
      '٣',
      '𝐀',
      '😀',
      '-',
      '.',
      '\u200d',
    );
    const tags = fc.oneof(
      text(100).filter((t) => t !== ''),
      fc.array(tagChar, { minLength: 1, maxLength: 6 }).map((c) => c.join('')),
      fc.constantFrom(...[99, 100, 101].flatMap((n) => ['a'.repeat(n), `#${'é'.repeat(n)}`, '𝐀'.repeat(n)])),
    );
    agree(tags, (tag) => [coreTakes(tag), tagSchema(tag)]);
  });

  it('wrong shapes: an array for an object, a number for a string', () => {
    for (const [url, body, schema] of [
      ['/api/users/edit', { userData: [null, null] }, editUser],
      ['/api/posts', { postData: ['hello'] }, newPost],
      ['/api/posts', { postData: { content: 5 } }, newPost],
      ['/api/comments/add/p-01', { commentData: ['hi'] }, comment],
    ] as const) {
      expect([coreAccepts('POST', url, body, guestToken), schema(body)]).toEqual([false, false]);
    }
  });
});
