/** The client messages (docs/product.md, "Messages") for signing in and up. */
export const AUTH_FAILED = 'Username or password is incorrect';
export const SIGNUP_SUCCEEDED = 'Signup successfully!';
export const PASSWORDS_DIFFER = 'Passwords not matched';
export const welcome = (firstName: string) => `Welcome ${firstName}`;

// The guest account and the stock avatar are the core's (generated) constants.
export { DEFAULT_AVATAR, GUEST_CREDENTIALS } from '../../api/types';
