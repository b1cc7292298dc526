import { createElement, type FunctionComponent } from 'react';
import { ConsentPage, type ConsentPageProps } from './consent-page.js';
import { ErrorPage, type ErrorPageProps } from './error-page.js';
import { ForgotPasswordPage, type ForgotPasswordPageProps } from './forgot-password-page.js';
import { renderDocument } from './layout.js';
import { LoginPage, type LoginPageProps } from './login-page.js';
import { LogoutPage, type LogoutPageProps } from './logout-page.js';
import { RegisterPage, type RegisterPageProps } from './register-page.js';
import { ResetPasswordPage, type ResetPasswordPageProps } from './reset-password-page.js';
import { SelectAccountPage, type SelectAccountPageProps } from './select-account-page.js';
import { VerifyEmailPage, type VerifyEmailPageProps } from './verify-email-page.js';
import { WebMessagePage, type WebMessagePageProps } from './web-message-page.js';

export type { CaptchaAssets } from './layout.js';
export type { WebMessageData } from './web-message-page.js';
export type {
  ConsentPageProps,
  ErrorPageProps,
  ForgotPasswordPageProps,
  LoginPageProps,
  LogoutPageProps,
  RegisterPageProps,
  ResetPasswordPageProps,
  SelectAccountPageProps,
  VerifyEmailPageProps,
  WebMessagePageProps,
};

/** One page component to a function answering the complete HTML document. */
function renderer<P extends object>(page: FunctionComponent<P>): (props: P) => string {
  return (props) => renderDocument(createElement(page, props));
}

/** The login form: e-mail, password, optional captcha, links to register and recovery. */
export const renderLoginPage = renderer<LoginPageProps>(LoginPage);
/** The registration form: optional names, e-mail, new password, optional captcha. */
export const renderRegisterPage = renderer<RegisterPageProps>(RegisterPage);
/** The 6-digit e-mail verification code form with its resend form. */
export const renderVerifyEmailPage = renderer<VerifyEmailPageProps>(VerifyEmailPage);
/** The password recovery request, or its "check your email" confirmation (`sentTo`). */
export const renderForgotPasswordPage = renderer<ForgotPasswordPageProps>(ForgotPasswordPage);
/** The new-password form of a recovery link. */
export const renderResetPasswordPage = renderer<ResetPasswordPageProps>(ResetPasswordPage);
/** "<client> wants to sign you in as <email>": Continue or Use another account. */
export const renderConsentPage = renderer<ConsentPageProps>(ConsentPage);
/** The account chooser. */
export const renderSelectAccountPage = renderer<SelectAccountPageProps>(SelectAccountPage);
/** The logout confirmation (`state: 'confirm'`) or "You are signed out" (`state: 'signed-out'`). */
export const renderLogoutPage = renderer<LogoutPageProps>(LogoutPage);
/** The generic error page, e.g. "This sign-in link has expired". */
export const renderErrorPage = renderer<ErrorPageProps>(ErrorPage);
/**
 * The `response_mode=web_message` answer: a nonce'd inline script posting `data` to `targetOrigin`.
 * Its CSP needs `script-src 'nonce-…'` and `frame-ancestors <targetOrigin>` (it runs in a frame).
 */
export const renderWebMessagePage = renderer<WebMessagePageProps>(WebMessagePage);
