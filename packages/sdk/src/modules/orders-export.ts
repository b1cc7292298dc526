/**
 * `orders.exportOrders`: the merchant's order list as a CSV file, which no JSON declaration can answer.
 * Loaded on first call with the other merchant order calls.
 */
import { systemError } from '../errors.js';
import type { Transport } from '../transport/context.js';
import { answerError } from '../transport/error-map.js';
import { readAnswer } from '../transport/http.js';
import type { ExportOrdersOptions } from '../types/index.js';

async function exportOrders(transport: Transport, [options]: readonly unknown[]): Promise<Blob> {
  const { filter, sort } = (options ?? {}) as ExportOrdersOptions;
  const url = `${transport.hosts.api}/ecom/v1/orders/export`;
  const headers = { ...transport.headers, ...(await transport.authHeaders?.()), 'Content-Type': 'application/json' };
  let res: Response;
  try {
    // Dates of the filter travel as ISO strings (Date's toJSON), as searchOrders sends them.
    res = await transport.fetch(url, { method: 'POST', headers, body: JSON.stringify({ filter, sort }) });
  } catch (cause) {
    throw systemError(undefined, undefined, cause);
  }
  if (!res.ok) throw answerError(await readAnswer(res), { filter: 'options.filter', sort: 'options.sort' });
  return res.blob();
}

export const ordersExport = { exportOrders };
