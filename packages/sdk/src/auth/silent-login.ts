import { VitrineError } from '../errors.js';
import { getAuthUrl } from './auth-url.js';
import { getMemberTokens } from './code-exchange.js';
import type { AuthContext } from './context.js';
import { pkce } from './pkce.js';
import type { Tokens } from './tokens.js';

/** How long the hidden frame may take (spec §9). */
const TIMEOUT_MS = 120000;

/**
 * Member tokens for a session token without leaving the page: the hosted login runs in one hidden
 * frame (`web_message`, prompt `none`) and posts the code back. Only a message from the API host's
 * origin, sent by that frame's window, with this flow's state counts; the listener and the frame
 * are always removed (WIRE.md D09). The tokens are not stored: call `setTokens`.
 * @throws VitrineError 'OAuth flow timed out' after 120 s; errors of the code exchange
 */
export async function getMemberTokensForDirectLogin(context: AuthContext, sessionToken: string): Promise<Tokens> {
  const { setTimeout: later, clearTimeout: cancel } = globalThis;
  const data = await pkce();
  const { authUrl } = await getAuthUrl(context, data, { responseMode: 'web_message', prompt: 'none', sessionToken });
  const origin = new URL(context.transport.hosts.api).origin;
  const frame = document.createElement('iframe');
  const code = await new Promise<string>((resolve, reject) => {
    let timer: ReturnType<typeof later> | undefined;
    const finish = <T>(settle: (value: T) => void, value: T) => {
      cancel(timer);
      removeEventListener('message', onMessage);
      frame.remove();
      settle(value);
    };
    const onMessage = (message: MessageEvent) => {
      if (message.origin === origin && message.source === frame.contentWindow && message.data?.state === data.state) {
        finish(resolve, message.data.code);
      }
    };
    addEventListener('message', onMessage);
    frame.style.display = 'none';
    frame.src = authUrl;
    document.body.appendChild(frame);
    timer = later(() => finish(reject, new VitrineError('OAuth flow timed out')), TIMEOUT_MS);
  });
  return getMemberTokens(context, code, data.state, data);
}
