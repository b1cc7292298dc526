/** Every enumeration of the SDK (spec §3 "Enumerations" and §4 states), split by domain. */
export * from './enums-cart.js';
export * from './enums-catalog.js';
export * from './enums-identity.js';
export * from './enums-redirects.js';
