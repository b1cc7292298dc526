import { systemError } from '../errors.js';
import { payloadToWire, responseFromWire } from '../wire/convert.js';
import { wireName } from '../wire/rename.js';
import type { Transport } from './context.js';
import type { Declaration } from './declaration.js';
import type { ArgumentNames } from './error-map.js';
import { send } from './http.js';
import { LONG_GET, toQueryString } from './query-string.js';

/** The only GET that goes to the api host (it must see the caller's own, fresh cart). */
const CURRENT_CART = '/ecom/v1/carts/current';

/** Builds the SDK-side payload from positional arguments, and the names violations map back to. */
function argsToPayload(specs: readonly string[] = [], args: readonly unknown[]) {
  const payload: Record<string, any> = {};
  const names: ArgumentNames = {};
  const late: [string, unknown][] = [];
  specs.forEach((spec, i) => {
    const [, name, keys, path] = /^(\w+)(?:\{(.*)\}|=(.+))?$/.exec(spec) as string[];
    const arg = args[i] as any;
    if (keys !== undefined) {
      for (const key of keys.split(',')) {
        payload[key] = arg?.[key];
        names[wireName(key)] = `${name}.${key}`;
      }
    } else if (path) {
      late.push([path, arg]);
      names[path] = name;
    } else {
      payload[name] = arg;
      names[wireName(name)] = name;
    }
  });
  for (const [path, arg] of late) {
    const parts = path.split('.');
    let node = payload;
    for (const part of parts.slice(0, -1)) node = node[part] = { ...node[part] };
    node[parts[parts.length - 1]] = arg;
  }
  return { payload, names };
}

/** Fills `{param}` / `{a.b}` from the wire payload, percent-encoded. */
const fillPath = (template: string, wire: any) =>
  template.replace(/\{([\w.]+)\}/g, (_, path: string) =>
    encodeURIComponent(String(path.split('.').reduce((node, k) => node?.[k], wire) ?? '')),
  );

/**
 * Runs one declared call: converts the arguments, picks host and encoding, sends, maps errors,
 * converts the answer and returns the declared part of it.
 * @throws VitrineError for every failed call (WIRE.md "Errors are typed")
 */
export async function invoke(
  transport: Transport,
  declaration: Declaration,
  args: readonly unknown[],
  rename?: ArgumentNames,
): Promise<any> {
  const { payload, names } = argsToPayload(declaration.args, args);
  const wire = payloadToWire(payload, declaration.request);
  let [method, template] = declaration.route.split(' ');
  const path = fillPath(template, wire);
  let url: string;
  let body: unknown;
  if (method === 'GET' || method === 'DELETE') {
    const query = toQueryString(wire, !!declaration.queryItems);
    const read = method === 'GET' && path !== CURRENT_CART;
    if (read && declaration.queryItems && query.length > LONG_GET) {
      // A query too long for a URL goes as the call's POST fallback, to the api host (it is no GET).
      method = 'POST';
      body = wire;
      url = transport.hosts.api + path;
    } else {
      url = (read ? transport.hosts.readOnly : transport.hosts.api) + path + (query ? `?${query}` : '');
    }
  } else {
    url = transport.hosts.api + path;
    body = wire;
  }
  const answer = await send(transport, method, url, body);
  // Error answers are rare: their mapping is loaded when one arrives (bundlers split it out).
  if (!answer.ok) throw (await import('../on-demand.js')).answerError(answer, rename ?? names);
  if (answer.unparseable) throw systemError();
  if (declaration.returns === '-' || answer.body === undefined) return undefined;
  const result = responseFromWire(answer.body, declaration.response);
  return declaration.returns ? result?.[declaration.returns] : result;
}
