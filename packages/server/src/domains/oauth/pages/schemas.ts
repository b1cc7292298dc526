import { z } from 'zod';

const field = z.string().max(2048).optional();

/** Hosted forms post urlencoded fields; all optional here so a missing one re-renders the form with a message. */
export const SessionQuery = z.object({ session: z.string().max(200).default('') });
/** `prompt` here overrides the request's ("use another account" links back with prompt=login). */
export const AuthorizeQuery = SessionQuery.extend({ prompt: z.enum(['login', 'none', 'consent', 'select_account']).optional() });
export const TokenQuery = z.object({ token: z.string().max(300).default('') });
export const LoginForm = z.object({
  session: field,
  csrf: field,
  email: field,
  password: field,
  altcha: z.string().max(20_000).optional(),
});
export const RegisterForm = LoginForm.extend({ firstName: field, lastName: field });
export const VerifyForm = z.object({ session: field, csrf: field, stateToken: field, code: field });
export type VerifyForm = z.infer<typeof VerifyForm>;
export const ChoiceForm = z.object({ session: field, csrf: field, choice: z.enum(['continue', 'other', 'allow', 'deny']).optional() });
export const ForgotForm = z.object({ session: field, csrf: field, email: field, altcha: z.string().max(20_000).optional() });
export const ResetForm = z.object({ token: field, csrf: field, password: field, confirm: field });
export const LogoutQuery = z.object({ postLogoutRedirectUri: z.string().max(2048).optional(), clientId: z.string().max(200).optional() });
