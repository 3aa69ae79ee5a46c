// The core's input rules (docs/rules.md, "Input rules"), checked by the forms
// before they send. The limits, the patterns and the messages are the core's
// own, generated into ./types, so a form says exactly what the core would.
import {
  FORBIDDEN_CHARS_PATTERN,
  INPUT_ERRORS,
  MAX_BIO_CHARS,
  MAX_COMMENT_CHARS,
  MAX_NAME_CHARS,
  MAX_PASSWORD_CHARS,
  MAX_USERNAME_CHARS,
  MAX_WEBSITE_CHARS,
  MIN_PASSWORD_CHARS,
  MIN_USERNAME_CHARS,
  USERNAME_PATTERN,
} from './types';

export { INPUT_ERRORS, MAX_BIO_CHARS, MAX_COMMENT_CHARS, MAX_NAME_CHARS, MAX_USERNAME_CHARS };

/** What a field breaks: the core's message, or null when it follows the rules. */
export type Problem = string | null;

const USERNAME = new RegExp(USERNAME_PATTERN);
const FORBIDDEN = new RegExp(FORBIDDEN_CHARS_PATTERN, 'u');
// The core trims and finds whitespace by Unicode's White_Space property
// (Rust's `str::trim`), which is not quite JavaScript's `trim()`.
const WHITESPACE = /\p{White_Space}/u;
const AROUND = /^\p{White_Space}+|\p{White_Space}+$/gu;
const HTTP_SCHEME = /^https?:\/\//i;

/** A length as the core counts it: Unicode code points (an emoji is one). */
export function codePoints(text: string): number {
  return [...text].length;
}

/** `text` without the whitespace around it, as the core trims. */
export function trimmed(text: string): string {
  return text.replace(AROUND, '');
}

const within = (text: string, min: number, max: number) => {
  const length = codePoints(text);
  return length >= min && length <= max;
};

export function usernameProblem(username: string): Problem {
  if (!within(username, MIN_USERNAME_CHARS, MAX_USERNAME_CHARS)) return INPUT_ERRORS.usernameLength;
  if (FORBIDDEN.test(username)) return INPUT_ERRORS.usernameCharacters;
  return USERNAME.test(username) ? null : INPUT_ERRORS.usernameFormat;
}

/** A new password (sign-up). */
export function passwordProblem(password: string): Problem {
  return within(password, MIN_PASSWORD_CHARS, MAX_PASSWORD_CHARS) ? null : INPUT_ERRORS.passwordLength;
}

export function nameProblem(field: 'firstName' | 'lastName', name: string): Problem {
  const value = trimmed(name);
  if (!within(value, 1, MAX_NAME_CHARS)) return INPUT_ERRORS[`${field}Length`];
  return FORBIDDEN.test(value) ? INPUT_ERRORS[`${field}Characters`] : null;
}

export function bioProblem(bio: string): Problem {
  return within(bio, 0, MAX_BIO_CHARS) ? null : INPUT_ERRORS.bioLength;
}

/** Empty, or `http://`/`https://` (any case), a host and no whitespace or control characters. */
export function websiteProblem(website: string): Problem {
  if (!within(website, 0, MAX_WEBSITE_CHARS)) return INPUT_ERRORS.websiteLength;
  if (website === '') return null;
  const scheme = HTTP_SCHEME.exec(website);
  const host = scheme ? website.slice(scheme[0].length).split(/[/?#]/)[0] : '';
  return host && !WHITESPACE.test(website) && !FORBIDDEN.test(website) ? null : INPUT_ERRORS.websiteNotHttp;
}

export function commentProblem(text: string): Problem {
  const value = trimmed(text);
  if (!value) return INPUT_ERRORS.commentEmpty;
  return codePoints(value) > MAX_COMMENT_CHARS ? INPUT_ERRORS.commentLength : null;
}

/** The sign-up or profile field a refusal of the core names, if any. */
export function fieldOfMessage<Field extends string>(message: string, fields: readonly Field[]): Field | undefined {
  if (message === INPUT_ERRORS.usernameTaken) return fields.find((field) => field === 'username');
  return fields.find((field) => message.startsWith(`${field} `));
}
