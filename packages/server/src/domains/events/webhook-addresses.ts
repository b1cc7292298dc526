import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses webhooks may reach. A merchant's webhook URL must not turn the server into a
 * client of its own network (the cloud metadata service, a database, an admin page on loopback):
 * unless `allowPrivate`, only public unicast addresses are allowed, IPv4-mapped IPv6 judged as the
 * IPv4 address it carries.
 */
export class WebhookAddressPolicy {
  constructor(readonly allowPrivate: boolean) {}

  /** Why an address may not be reached (its range, e.g. `loopback`), or null when it may. */
  refusalOf(address: string): string | null {
    if (this.allowPrivate) return null;
    if (!ipaddr.isValid(address)) return 'not an IP address';
    const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address comes back as its IPv4 address
    const range = parsed.range();
    return range === 'unicast' ? null : range;
  }

  /**
   * Why a webhook URL may not be registered, or null: its host when it is an address literal, else
   * every address its name resolves to now. A name that does not resolve now is let through: the
   * delivery checks again what it resolves to then.
   */
  async refusalOfUrl(url: string): Promise<string | null> {
    if (this.allowPrivate) return null;
    const host = hostOf(url);
    if (isIP(host)) return describe(host, this.refusalOf(host));
    let addresses: LookupAddress[];
    try {
      addresses = await resolveAll(host);
    } catch {
      return null;
    }
    return this.refusalOfAnswers(host, addresses);
  }

  /**
   * The `lookup` of a delivery's connection: resolves the host once, refuses it when any answer may
   * not be reached, and hands the checked answers to the connection, so the address checked is the
   * address connected to (no second resolution a DNS rebinding could change).
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        const refusal = this.refusalOfAnswers(hostname, addresses);
        if (refusal) return callback(new WebhookAddressRefused(refusal), '', 0);
        const wantsAll = (options as LookupAllOptions).all === true;
        const [first] = addresses as [LookupAddress];
        if (wantsAll) (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };

  /** Why a delivery to this URL may not start, judged on its host when that is an address literal (no lookup is made for one). */
  refusalOfLiteralHost(url: string): string | null {
    const host = hostOf(url);
    return isIP(host) ? describe(host, this.refusalOf(host)) : null;
  }

  private refusalOfAnswers(host: string, addresses: LookupAddress[]): string | null {
    for (const { address } of addresses) {
      const refusal = describe(address, this.refusalOf(address));
      if (refusal) return address === host ? refusal : `${host} resolves to ${refusal}`;
    }
    return null;
  }
}

/** A delivery's connection refused by the {@link WebhookAddressPolicy}: final, not retried. */
export class WebhookAddressRefused extends Error {
  readonly code = 'WEBHOOK_ADDRESS_REFUSED';
  constructor(readonly reason: string) {
    super(`refused: ${reason}, which webhooks may not reach (WEBHOOK_ALLOW_PRIVATE_ADDRESSES)`);
    this.name = 'WebhookAddressRefused';
  }
}

/** The URL's host as the resolver and `isIP` take it: IPv6 literals without their brackets. */
function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
}

function describe(address: string, range: string | null): string | null {
  return range ? `${address} (${range})` : null;
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}
