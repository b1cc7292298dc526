import type { SignedOutProps } from '../../../pages/logout-page.js';
import {
  type CaptchaAssets,
  renderConsentPage,
  renderErrorPage,
  renderForgotPasswordPage,
  renderLoginPage,
  renderLogoutPage,
  renderRegisterPage,
  renderResetPasswordPage,
  renderSelectAccountPage,
  renderVerifyEmailPage,
  renderWebMessagePage,
} from '../../../pages/render.js';

/** What a failed form shows: a summary and per-field messages (keys are the form's field names). */
export interface FormProblem {
  error?: string;
  fieldErrors?: Record<string, string>;
  /** The service refused for want of a (valid) captcha: show the widget on the next attempt. */
  needsCaptcha?: boolean;
}

/** The ALTCHA widget: the default bundle (its workers start from blob:, allowed by the captcha CSP). */
export const CAPTCHA_ASSETS: CaptchaAssets = {
  challengeUrl: '/_api/captcha/challenge?kind=visible',
  scriptUrl: '/altcha/main/altcha.min.js',
};

/** The hosted pages' renderers, as the flows call them. */
export const views = {
  login: renderLoginPage,
  register: renderRegisterPage,
  verify: renderVerifyEmailPage,
  forgot: renderForgotPasswordPage,
  reset: renderResetPasswordPage,
  consent: renderConsentPage,
  selectAccount: renderSelectAccountPage,
  loggedOut: (props: Omit<SignedOutProps, 'state'>) => renderLogoutPage({ ...props, state: 'signed-out' }),
  error: renderErrorPage,
  webMessage: renderWebMessagePage,
};
