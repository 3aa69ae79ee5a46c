// The forms' checks against the real core: for any value, the form finds a
// problem exactly when the core refuses it, with the core's own message.
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { createNodeCore } from '@murmur/backend/node';
import {
  bioProblem,
  commentProblem,
  fieldOfMessage,
  INPUT_ERRORS,
  nameProblem,
  passwordProblem,
  trimmed,
  usernameProblem,
  websiteProblem,
  type Problem,
} from './inputRules';

const core = createNodeCore();
const utf8 = new TextDecoder();

function call(method: string, url: string, token: string | undefined, body: unknown) {
  const res = core.handle(method, url, token, JSON.stringify(body));
  try {
    return { status: res.status, json: JSON.parse(utf8.decode(res.takeBody())) as Record<string, unknown> };
  } finally {
    res.free();
  }
}

/** The core's verdict: null when it accepted, else its message. */
function verdict(answer: ReturnType<typeof call>): Problem {
  return answer.status < 300 ? null : String((answer.json.errors as string[])[0]);
}

/**
 * The form's verdict matches the core's. A blank username or an empty
 * password, which the core refuses with the older sign-up message, the form
 * refuses with the rule's.
 */
function expectSame(mine: Problem, core_: Problem) {
  if (core_ === 'Username and password must not be empty') expect(mine).not.toBeNull();
  else expect(mine).toBe(core_ === INPUT_ERRORS.usernameTaken ? null : core_);
}

const guestToken = () =>
  String(call('POST', '/api/auth/login', undefined, { username: 'guest', password: 'guest123' }).json.encodedToken);
const signup = (fields: Record<string, string>) =>
  verdict(
    call('POST', '/api/auth/signup', undefined, {
      firstName: 'Ada',
      lastName: 'Byron',
      username: 'someone',
      password: 'password1',
      ...fields,
    }),
  );

// Characters from every class the rules name: ASCII word characters and
// punctuation, spaces of several kinds, controls, bidi overrides and
// isolates, joiners, accents and emoji.
const UNITS = [
  'a',
  'Z',
  '7',
  '_',
  '.',
  '-',
  '/',
  '?',
  ':',
  '#',
  ' ',
  '\t',
  '\n',
  'é',
  '😀',
  '日',
  '\u0000',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u00a0',
  '\u200d',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u3000',
  '\ufeff',
];
const text = (maxLength: number) => fc.string({ unit: fc.constantFrom(...UNITS), maxLength });
/** Around a limit: `fill` repeated to just under or over it, with a random head and tail. */
const nearLimit = (limit: number, fill = 'a') =>
  fc
    .tuple(text(3), fc.integer({ min: limit - 3, max: limit + 2 }), text(3))
    .map(([head, n, tail]) => head + fill.repeat(Math.max(0, n)) + tail);

beforeEach(() => core.reset());

describe('the forms check what the core checks', { timeout: 60_000 }, () => {
  it('usernames', () => {
    const usernames = fc.oneof(
      text(35),
      fc.string({ unit: fc.constantFrom('a', 'B', '1', '_', '.', '-'), maxLength: 34 }),
      nearLimit(30, 'u'),
    );
    fc.assert(
      fc.property(usernames, (username) => {
        core.reset();
        expectSame(usernameProblem(username), signup({ username }));
      }),
      { numRuns: 300 },
    );
    for (const taken of ['guest', 'GUEST', 'Maya_Lind']) {
      expect(usernameProblem(taken)).toBeNull();
      expect(signup({ username: taken })).toBe(INPUT_ERRORS.usernameTaken);
    }
  });

  it('names and passwords', () => {
    fc.assert(
      fc.property(fc.oneof(text(60), nearLimit(50, 'é')), fc.constantFrom('firstName', 'lastName'), (name, field) => {
        core.reset();
        expect(nameProblem(field, name)).toBe(signup({ [field]: name }));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.oneof(text(12), nearLimit(128, '😀')), (password) => {
        core.reset();
        expectSame(passwordProblem(password), signup({ password }));
      }),
      { numRuns: 200 },
    );
  });

  it('bio and website', () => {
    const token = guestToken();
    const edit = (userData: Record<string, string>) => verdict(call('POST', '/api/users/edit', token, { userData }));
    fc.assert(
      fc.property(fc.oneof(text(20), nearLimit(160, '😀')), (bio) => {
        expect(bioProblem(bio)).toBe(edit({ bio }));
      }),
      { numRuns: 200 },
    );
    const prefix = fc.constantFrom(
      '',
      'http://',
      'HTTPS://',
      'https://',
      'ftp://',
      'javascript:',
      'https:',
      'http:///',
    );
    const websites = fc.oneof(
      fc.tuple(prefix, text(12)).map(([p, rest]) => p + rest),
      fc.tuple(prefix, nearLimit(192, 'w')).map(([p, rest]) => p + rest),
    );
    fc.assert(
      fc.property(websites, (website) => {
        core.reset();
        expect(websiteProblem(website)).toBe(edit({ website }));
      }),
      { numRuns: 300 },
    );
  });

  it('comments, added and edited', () => {
    const token = guestToken();
    fc.assert(
      fc.property(fc.oneof(text(20), nearLimit(280, '日')), (comment) => {
        const added = verdict(call('POST', '/api/comments/add/p-01', token, { commentData: comment }));
        expect(commentProblem(comment)).toBe(added);
        if (!added) expect(trimmed(comment)).not.toBe('');
      }),
      { numRuns: 200 },
    );
  });
});

describe('a refusal is put next to the field it names', () => {
  const fields = ['firstName', 'lastName', 'username', 'password'] as const;
  it.each([
    [INPUT_ERRORS.usernameTaken, 'username'],
    [INPUT_ERRORS.usernameFormat, 'username'],
    [INPUT_ERRORS.lastNameCharacters, 'lastName'],
    [INPUT_ERRORS.passwordLength, 'password'],
    ['avatarURL must be a path to an uploaded or shipped image', undefined],
    ['Request body too large', undefined],
  ])('%s', (message, field) => {
    expect(fieldOfMessage(message, fields)).toBe(field);
  });
});
