/** The client messages of spec §8 for signing in and up. */
export const AUTH_FAILED = 'Username or password is incorrect';
export const SIGNUP_SUCCEEDED = 'Signup successfully!';
export const PASSWORDS_DIFFER = 'Passwords not matched';
export const welcome = (firstName: string) => `Welcome ${firstName}`;

/** The shared demo account behind 'Login As Guest'. */
export const GUEST_CREDENTIALS = { username: 'guest', password: 'guest123' };

/** The stock avatar a new account starts with. */
export const DEFAULT_AVATAR = 'avatars/default.svg';
