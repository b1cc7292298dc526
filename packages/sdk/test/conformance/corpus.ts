/**
 * The conformance corpus (`fixtures/corpus.json`, see `fixtures/README.md`): its types and loader.
 * Format: see the corpus README, section "Format". Values stay in their encoded JSON form here;
 * `encoding.ts` turns them into live values.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface RecordedRequest {
  via: string;
  method: string;
  url: string;
  origin: string;
  host: string;
  path: string;
  search: string;
  query: [string, string][];
  queryStringLength: number;
  queryDotRDecoded?: Json;
  headers: Record<string, string>;
  body?: Json;
  bodyRaw?: string | null;
}

export interface RecordedResponse {
  status?: number;
  statusText?: string;
  headers?: Record<string, string>;
  body?: Json;
  /** text; `null` = no body */
  bodyRaw?: string | null;
  /** fetch rejects with `TypeError(networkError)` */
  networkError?: string;
}

export interface Exchange {
  request: RecordedRequest;
  response: RecordedResponse;
  expect?: {
    /** keys our body may add, with exactly that value */
    optionalBodyKeys?: JsonObject;
    /** headers that must be sent with exactly that value */
    headers?: Record<string, string>;
  };
}

export type Outcome = { kind: 'returned'; value?: Json } | { kind: 'threw'; error: JsonObject };

export interface Rule {
  rule: string;
  [key: string]: Json;
}

export interface CaseExpect {
  applicable?: boolean;
  reason?: string;
  exchanges?: Exchange[];
  replay?: 'match';
  outcome?: Outcome;
  after?: Json;
  rules?: Rule[];
  deviations?: string[];
  note?: string;
}

export interface ClientSpec {
  kind: 'oauth' | 'custom-auth' | 'no-auth' | 'none';
  clientId?: string;
  tokens?: Json;
  authHeaders?: Record<string, string>;
  /** pass a second replayer (tagged `createClient({fetch})`) as the `fetch` option */
  fetchOption?: Json;
  /** reference-only options (such cases are not applicable) */
  referenceOptions?: Json;
}

/** `[method, [template…]]` called on the previous result. */
export type ChainLink = [string, Json[]];

export interface CallStep {
  call: string;
  args: '$all' | Json[];
  chain?: ChainLink[];
  as?: string;
  optional?: boolean;
}

export type Step =
  | CallStep
  | { parallel: Step[] }
  | { let: string; value: Json }
  | { snapshot: string; as: string }
  | { special: string; as?: string };

export interface DomMessage {
  /** `"api"` = the api host's origin, else a literal origin */
  origin: string;
  /** `"iframe"` = the appended element's contentWindow, `"other"` = an unrelated window */
  source: 'iframe' | 'other' | string;
  data: Json;
}

export interface DriveSpec {
  client: ClientSpec;
  steps: Step[];
  result?: Json;
  after?: Json;
  dom?: { messages?: DomMessage[]; fastForwardTimeoutMs?: number };
  /** templates evaluated and attached to a thrown error's props */
  attachToError?: JsonObject;
  replay?: 'match';
}

export interface Case {
  id: string;
  group: string;
  call: string;
  specRef?: string;
  client?: string;
  args: Json[];
  drive: DriveSpec | null;
  exchanges?: Exchange[];
  outcome?: Outcome;
  after?: Json;
  source?: Json;
  referenceNotes?: string;
  notes?: string;
  synthetic?: boolean;
  skipped?: string;
  expect: CaseExpect;
}

export interface Environment {
  fixedNow: string;
  fixedNowEpochSeconds: number;
  hosts: { api: string; readOnly: string };
  clientId: string;
  volatile?: string[];
}

export interface Corpus {
  format: string;
  environment: Environment;
  cases: Case[];
}

/** Where the corpus lives: `$VITRINE_CORPUS` (a newer recording), else the copy kept in this repository. */
export function corpusPath(): string {
  const fromEnv = process.env.VITRINE_CORPUS;
  if (fromEnv) return fromEnv;
  return fileURLToPath(new URL('./fixtures/corpus.json', import.meta.url));
}

export function loadCorpus(path = corpusPath()): Corpus {
  const corpus = JSON.parse(readFileSync(path, 'utf8')) as Corpus;
  if (!corpus.format?.startsWith('vitrine-conformance-corpus/')) {
    throw new Error(`${path}: not a vitrine conformance corpus (format ${String(corpus.format)})`);
  }
  return corpus;
}

/** Why a case is not replayed against Vitrine, or `undefined` when it is. */
export function notRunnableReason(c: Case): string | undefined {
  if (c.expect.applicable === false) return c.expect.reason ?? '';
  if (c.skipped !== undefined) return c.skipped;
  if (!c.drive) return '';
  return undefined;
}

/** The exchanges Vitrine is held to: `expect.exchanges` replaces the recorded ones. */
export const expectedExchanges = (c: Case): Exchange[] => c.expect.exchanges ?? c.exchanges ?? [];
/** `expect.outcome` replaces the recorded outcome. */
export const expectedOutcome = (c: Case): Outcome | undefined => c.expect.outcome ?? c.outcome;
/** `expect.after` replaces the recorded `after`. */
export const expectedAfter = (c: Case): Json | undefined => ('after' in c.expect ? c.expect.after : c.after);
