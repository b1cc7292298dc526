import { send } from '../../support/http.js';

/** The request-count series of `/metrics` (one per method, route and status). */
const REQUEST_COUNT = 'vitrine_http_request_duration_seconds_count{';

/**
 * The requests a process reports it answered, its own scrapes left out: the sum of the request
 * histogram's counts over every route but `/metrics`. Read on the process's loopback address.
 */
export async function requestsServed(processUrl: string): Promise<number> {
  const scrape = await send(`${processUrl}/metrics`);
  if (scrape.status !== 200) throw new Error(`${processUrl}/metrics answered ${scrape.status}: ${scrape.text.slice(0, 300)}`);
  let total = 0;
  for (const line of scrape.text.split('\n')) {
    if (!line.startsWith(REQUEST_COUNT) || line.includes('route="/metrics"')) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}
