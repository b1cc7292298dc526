import { escapeHtml } from '../../platform/mail/escape-html.js';
import type { Mail } from '../../platform/mail/mailer.js';

/** A short mail as plain text and the same as simple, escaped HTML paragraphs. */
function mail(to: string, subject: string, paragraphs: string[], link?: { url: string; label: string }): Mail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n');
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  if (link) body.push(`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`);
  const html = `<!doctype html><html><body style="font-family: sans-serif">${body.join('')}</body></html>`;
  return { to, subject, text: `${text}\n`, html };
}

/** The e-mail verification code. */
export function verificationCodeMail(to: string, code: string, minutes: number): Mail {
  return mail(to, 'Your Vitrine verification code', [
    `Your Vitrine verification code is ${code}`,
    `It works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail.`,
  ]);
}

/** The password-recovery link. */
export function recoveryMail(to: string, url: string, minutes: number): Mail {
  return mail(
    to,
    'Reset your Vitrine password',
    [
      'Someone asked to reset the password of your account. If it was you, open the link below and choose a new password.',
      `The link works once and expires in ${minutes} minutes. If it was not you, ignore this mail: your password stays as it is.`,
    ],
    { url, label: 'Choose a new password' },
  );
}

/** The activation link a merchant sends to a member who has no password yet. */
export function activationMail(to: string, url: string, days: number): Mail {
  return mail(
    to,
    'Activate your Vitrine account',
    [
      'An account was created for you. Open the link below and choose a password to activate it.',
      `The link works once and expires in ${days} days.`,
    ],
    { url, label: 'Choose a password' },
  );
}

/** The invite of a merchant to the shop's console (issue #24), whose link chooses their password. */
export function merchantInviteMail(to: string, url: string, days: number): Mail {
  return mail(
    to,
    'You are invited to run the shop in the Vitrine console',
    [
      'The shop’s owner invited you to its Vitrine console. Open the link below and choose a password; then sign in to the console with this e-mail.',
      `The link works once and expires in ${days} days.`,
    ],
    { url, label: 'Choose a password' },
  );
}
