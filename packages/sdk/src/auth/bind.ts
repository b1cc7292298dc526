/**
 * The symbol under which a strategy takes the client's transport: `createClient` calls
 * `strategy[BIND](transport)` so the strategy's own requests (token calls, redirect sessions,
 * login…) use the client's hosts, headers and fetch (WIRE.md D15).
 */
export const BIND = Symbol.for('vitrine.bind');
