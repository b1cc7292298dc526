/** `@vitrine/sdk/identity`: authentication, recovery and verification modules. */
/** The member's own password change alone (an account page needs no other authentication call). */
export { authentication, changePassword } from './modules/authentication.js';
export { recovery } from './modules/recovery.js';
export { verification } from './modules/verification.js';
