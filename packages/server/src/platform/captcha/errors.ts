import { defineErrors } from '../errors.js';

/** Captcha failures, with the application codes the SDK maps (spec §8: missingCaptchaToken, invalidCaptchaToken). */
export const CaptchaErrors = defineErrors({
  MISSING_CAPTCHA: { status: 400, message: 'Captcha required', description: 'A captcha token is required', wireCode: '-19971' },
  INVALID_CAPTCHA: { status: 400, message: 'Invalid captcha', description: 'The captcha token is not valid', wireCode: '-19970' },
});
