/**
 * What "now" is to a service that decides by time (token and code lifetimes): the system clock in the
 * server; in tests a clock the test moves, so expiry is tested without waiting for it.
 */
export type Clock = () => Date;

/** The system clock. */
export const systemClock: Clock = () => new Date();
