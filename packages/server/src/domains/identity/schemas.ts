import { z } from 'zod';
import { ApplicationErrorResponse, ValidationErrorResponse } from '../../platform/http/error-schemas.js';
import { ProfileInput, ProfileOutput } from './profile-schema.js';

// Requests: the wire bodies the SDK sends (spec §7 "Authentication"). E-mail format and password
// policy are the service's (both reported in one answer); here only shape and sane bounds.

const Email = z.string().max(1000);
const Password = z.string().max(2048);
const OpaqueToken = z.string().min(1).max(512);

/** `[{Recaptcha}, {InvisibleRecaptcha}]`; unset slots arrive as empty objects. */
const CaptchaTokens = z
  .array(
    z.strictObject({
      Recaptcha: z.string().max(8192).optional(),
      InvisibleRecaptcha: z.string().max(8192).optional(),
      noCaptcha: z.string().max(8192).optional(),
    }),
  )
  .max(4);

const LoginId = z.strictObject({ email: Email });
const Redirect = z.strictObject({ url: z.string().max(2048).optional(), clientId: z.string().max(200).optional() });
const Language = z.string().max(35).nullable().optional();

export const RegisterV2Body = z.strictObject({
  loginId: LoginId,
  password: Password,
  profile: ProfileInput.optional(),
  captchaTokens: CaptchaTokens.optional(),
  /** accepted and ignored (the reference's analytics hints) */
  clientMetaData: z.record(z.string().max(100), z.string().max(1000)).optional(),
});

export const LoginV2Body = z.strictObject({ loginId: LoginId, password: Password, captchaTokens: CaptchaTokens.optional() });

const Identifier = z.strictObject({ email: Email.optional(), userName: z.string().max(200).optional() });
/** Only the password authenticator exists. */
const AuthenticatorId = z.enum(['password']).optional();
const Inputs = z.strictObject({ password: Password });

export const RegisterV1Body = z.strictObject({
  identity: z.strictObject({ identifiers: z.array(Identifier).min(1).max(5), identityProfile: ProfileInput.optional() }),
  authenticatorId: AuthenticatorId,
  inputs: Inputs,
  captchaTokens: CaptchaTokens.optional(),
});

export const LoginV1Body = z.strictObject({
  identifier: Identifier.optional(),
  authenticatorId: AuthenticatorId,
  inputs: Inputs,
  captchaTokens: CaptchaTokens.optional(),
  loginId: LoginId.optional(),
});

export const ChangePasswordBody = z.strictObject({ newPassword: Password });

export const SignOnBody = z.strictObject({
  loginId: LoginId,
  profile: ProfileInput.optional(),
  verifyEmail: z.boolean().optional(),
  /** accepted and ignored: Vitrine keeps no contacts apart from members */
  mergeExistingContact: z.boolean().optional(),
});

export const StateTokenBody = z.strictObject({ stateToken: OpaqueToken });
export const ValidateEmailBody = z.strictObject({ email: Email });

export const SendRecoveryEmailBody = z.strictObject({
  email: Email,
  /** accepted; mails are in English for now */
  language: Language,
  redirect: Redirect.optional(),
  captchaTokens: CaptchaTokens.optional(),
});

export const ActivationEmailBody = z.strictObject({
  identityId: z.string().max(100),
  emailOptions: z.strictObject({ language: Language, redirect: Redirect.optional() }).optional(),
});

export const RecoverBody = z.strictObject({ recoveryToken: OpaqueToken, password: Password });

export const StartVerificationBody = z.strictObject({ identityId: z.string().max(100), target: z.enum(['EMAIL']).default('EMAIL') });

export const VerifyBody = z.strictObject({ code: z.string().min(1).max(20), stateToken: OpaqueToken });

const TOKEN_PARAMS_MAX = 20;

/** The provider's token answer as a string map: `id_token` (or `idToken`) is read, the rest ignored. */
export const SsoLoginBody = z.strictObject({
  idpConnectionId: z.string().min(1).max(200),
  tokenParams: z.record(z.string().max(100), z.string().max(16_384)).refine((params) => Object.keys(params).length <= TOKEN_PARAMS_MAX, {
    message: `must have at most ${TOKEN_PARAMS_MAX} entries`,
    params: { rule: 'MAX_SIZE', data: { max: TOKEN_PARAMS_MAX } },
  }),
});

// Responses.

const Identity = z.object({
  id: z.string(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  identifiers: z.array(z.object({ email: z.string() })),
  email: z.object({ address: z.string(), isVerified: z.boolean() }),
  status: z.object({ name: z.string(), reasons: z.array(z.string()) }),
  identityProfile: ProfileOutput,
  metadata: z.object({ tags: z.array(z.string()) }),
});

const State = z.enum(['SUCCESS', 'REQUIRE_EMAIL_VERIFICATION', 'REQUIRE_OWNER_APPROVAL']);

export const AuthResponse = z.object({
  identity: Identity,
  state: State,
  stateToken: z.string().optional(),
  sessionToken: z.string().optional(),
  additionalData: z.record(z.string(), z.unknown()),
});

/** The v1 form: `state: {status, stateToken}`, `DONE` for success. */
export const V1AuthResponse = z.object({
  identity: Identity,
  state: z.object({ status: z.string(), stateToken: z.string().optional() }),
  sessionToken: z.string().optional(),
});

export const SignOnResponse = z.object({ identity: Identity, sessionToken: z.string() });
export const Empty = z.object({});
export const ValidateEmailResponse = z.object({ valid: z.boolean() });
export const StartVerificationResponse = z.object({ verificationId: z.string() });

/** Error answers of the identity routes, by status. */
export const ErrorResponses = {
  400: z.union([ValidationErrorResponse, ApplicationErrorResponse]),
  401: ApplicationErrorResponse,
  403: ApplicationErrorResponse,
  404: ApplicationErrorResponse,
  409: ApplicationErrorResponse,
  429: ApplicationErrorResponse,
};

/** Error answers of the ID-token login: those of login, and 502 when the provider's keys cannot be fetched. */
export const SsoErrorResponses = { ...ErrorResponses, 502: ApplicationErrorResponse };
