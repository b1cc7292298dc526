import { type Answer, send } from '../../support/http.js';

/** What a client sent through the balancer and what came back, counted over its retries. */
export interface CallFigures {
  /** attempts sent */
  sent: number;
  /** attempts that got an HTTP answer */
  answered: number;
  /** attempts without an answer (connection cut) or with the balancer's 502/503/504 */
  failed: number;
}

export const noCalls = (): CallFigures => ({ sent: 0, answered: 0, failed: 0 });

/** Answers a balancer gives when no process could answer: the request may be sent again. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);
/** More than this many failures in a row for one call means the cluster is down, not one process. */
const MAX_ATTEMPTS = 20;

/**
 * Sends a request until a process answers it, as a careful client does: the same request again (with
 * the same Idempotency-Key, if it has one) after a cut connection or a gateway failure. Any other
 * answer is returned; the figures count every attempt.
 * @throws Error with the last failure as its cause when every attempt failed
 */
export async function sendUntilAnswered(figures: CallFigures, url: string, init: RequestInit = {}): Promise<Answer> {
  let last: unknown;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    figures.sent++;
    try {
      const answer = await send(url, init);
      if (!GATEWAY_FAILURES.has(answer.status)) {
        figures.answered++;
        return answer;
      }
      last = new Error(`${answer.status}: ${answer.text.slice(0, 200)}`);
    } catch (cause) {
      last = cause;
    }
    figures.failed++;
    await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
  }
  throw new Error(`${init.method ?? 'GET'} ${url} failed ${MAX_ATTEMPTS} times`, { cause: last });
}

/** The answer when it is `status`, else an error carrying it (status and body kept as evidence). */
export function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  return answer;
}
