/** `@vitrine/sdk/identity`: authentication, recovery and verification modules. */
export { authentication } from './modules/authentication.js';
export { recovery } from './modules/recovery.js';
export { verification } from './modules/verification.js';
