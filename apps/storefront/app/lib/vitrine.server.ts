/**
 * The server-side Vitrine client: one visitor session per process and API host, reused by every
 * catalogue read and search (the SDK renews its tokens). Shoppers' own sessions (cart, account) live in the browser.
 */
import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { search } from '@vitrine/sdk/search';
import { collections, products } from '@vitrine/sdk/stores';
import type { AppLoadContext } from 'react-router';
import './load-context.js';

function newCatalogueClient(host: string) {
  const clientId = process.env.VITRINE_CLIENT_ID || 'demo';
  return createClient({ host, modules: { products, collections, search }, auth: OAuthStrategy({ clientId }) });
}

export type CatalogueClient = ReturnType<typeof newCatalogueClient>;

const clients = new Map<string, CatalogueClient>();

/** The API host: the mounting server's public URL, else VITRINE_API_URL (Vite dev), else the default `npm start` address. */
export function apiUrlOf(context: AppLoadContext | undefined): string {
  return context?.vitrineApiUrl ?? process.env.VITRINE_API_URL ?? 'http://127.0.0.1:3000';
}

/** The process's catalogue client for the request's API host. */
export function catalogueClient(context: AppLoadContext | undefined): CatalogueClient {
  const host = apiUrlOf(context);
  let client = clients.get(host);
  if (!client) {
    client = newCatalogueClient(host);
    clients.set(host, client);
  }
  return client;
}
