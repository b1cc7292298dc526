import type { CaptchaTokens, LoginParams, RegisterParams, StateMachine } from '@vitrine/sdk';
import { useCallback, useRef, useState } from 'react';
import { useVitrine } from '../context.js';
import { type AuthFlowState, flowOf, messageOf } from './flow-state.js';

export interface LoginFlow {
  flow: AuthFlowState;
  /** Logs in with e-mail and password. */
  login(params: LoginParams): Promise<AuthFlowState>;
  /** Registers a member (and logs them in when the shop needs no verification or approval). */
  register(params: RegisterParams): Promise<AuthFlowState>;
  /** Sends the e-mailed code (state EMAIL_VERIFICATION_REQUIRED). */
  verifyEmail(code: string): Promise<AuthFlowState>;
  /** Has the code e-mailed again (state EMAIL_VERIFICATION_REQUIRED). */
  resendCode(): Promise<AuthFlowState>;
  /** Repeats the last login or registration with captcha tokens (state USER/SILENT_CAPTCHA_REQUIRED). */
  submitCaptcha(tokens: CaptchaTokens): Promise<AuthFlowState>;
  /** Back to INITIAL, forgetting the attempt. */
  reset(): void;
}

type Attempt = { kind: 'login'; params: LoginParams } | { kind: 'register'; params: RegisterParams };

/**
 * The direct (in-page) login and registration flow of one form. Every step resolves to the new
 * state and never rejects: failures are FAILURE states. On SUCCESS the session token is exchanged for
 * member tokens (the provider's `exchangeSessionToken`), which are stored; the provider then
 * refetches the cart, which the server merged from the visitor's.
 */
export function useLoginFlow(): LoginFlow {
  const v = useVitrine();
  const [flow, setFlowState] = useState<AuthFlowState>({ state: 'INITIAL' });
  // The SDK state a step continues from (its state token), and the credentials a captcha retry
  // resends: refs, never rendered, dropped when the flow ends.
  const sdkState = useRef<StateMachine | undefined>(undefined);
  const attempt = useRef<Attempt | undefined>(undefined);

  const set = useCallback((next: AuthFlowState) => {
    setFlowState(next);
    return next;
  }, []);

  /** Moves to the state the SDK answered; SUCCESS only once the member tokens are stored. */
  const advance = useCallback(
    async (s: StateMachine): Promise<AuthFlowState> => {
      sdkState.current = s;
      if (s.loginState !== 'SUCCESS') return set(flowOf(s));
      v.client.auth.setTokens(await v.exchangeSessionToken(s.data.sessionToken));
      sdkState.current = undefined;
      attempt.current = undefined;
      v.auth.notify();
      return set({ state: 'SUCCESS' });
    },
    [v, set],
  );

  const run = useCallback(
    async (step: () => Promise<StateMachine>, onError: (error: string) => AuthFlowState): Promise<AuthFlowState> => {
      set({ state: 'PENDING' });
      try {
        return await advance(await step());
      } catch (e) {
        return set(onError(messageOf(e)));
      }
    },
    [advance, set],
  );

  const send = useCallback(
    (a: Attempt) => {
      attempt.current = a;
      const { auth } = v.client;
      return run(
        () => (a.kind === 'login' ? auth.login(a.params) : auth.register(a.params)),
        (error) => ({ state: 'FAILURE', error }),
      );
    },
    [v, run],
  );

  /** The state token of a pending e-mail verification. */
  const stateToken = () => (sdkState.current?.loginState === 'EMAIL_VERIFICATION_REQUIRED' ? sdkState.current.data.stateToken : undefined);
  const notVerifying = (): AuthFlowState => ({ state: 'FAILURE', error: 'Unknown _state' });

  return {
    flow,
    login: (params) => send({ kind: 'login', params }),
    register: (params) => send({ kind: 'register', params }),
    verifyEmail: (code) => {
      const s = sdkState.current;
      if (!stateToken() || !s) return Promise.resolve(set(notVerifying()));
      // A wrong code keeps the step (the SDK keeps its state): the form shows the refusal and asks again.
      return run(
        () => v.client.auth.processVerification({ verificationCode: code }, s),
        (error) => ({ state: 'EMAIL_VERIFICATION_REQUIRED', error }),
      );
    },
    resendCode: async () => {
      const token = stateToken();
      if (!token) return set(notVerifying());
      try {
        const r = await v.client.verification.resendDuringAuthentication(token);
        if (r.stateToken) sdkState.current = { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: r.stateToken } };
        return set({ state: 'EMAIL_VERIFICATION_REQUIRED' });
      } catch (e) {
        return set({ state: 'EMAIL_VERIFICATION_REQUIRED', error: messageOf(e) });
      }
    },
    submitCaptcha: (captchaTokens) => {
      const a = attempt.current;
      if (!a) return Promise.resolve(set(notVerifying()));
      return send({ ...a, params: { ...a.params, captchaTokens } } as Attempt);
    },
    reset: () => {
      sdkState.current = undefined;
      attempt.current = undefined;
      set({ state: 'INITIAL' });
    },
  };
}
