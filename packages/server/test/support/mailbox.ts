/** A mail as `/_dev/mailbox?format=json` lists it. */
export interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

/** The dev mailbox's mail to `to`, newest first (test servers have no SMTP, so mail lands there). */
export async function mailsTo(serverUrl: string, to: string): Promise<DevMail[]> {
  const res = await fetch(`${serverUrl}/_dev/mailbox?format=json&to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`dev mailbox answered ${res.status}`);
  return (await res.json()) as DevMail[];
}

/** The 6-digit verification code of the newest mail to `to`. */
export async function latestCode(serverUrl: string, to: string): Promise<string> {
  const [mail] = await mailsTo(serverUrl, to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no verification code mailed to ${to}`);
  return code;
}

/** The recovery token of the newest mail to `to` (the `token` of its reset link). */
export async function latestRecoveryToken(serverUrl: string, to: string): Promise<string> {
  const [mail] = await mailsTo(serverUrl, to);
  const link = /https?:\/\/\S+\/account\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0];
  const token = link && new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no recovery link mailed to ${to}`);
  return token;
}

/** A fresh address for one test. */
export const uniqueEmail = (name = 'member') => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/**
 * The newest mail to `to` with this subject, waiting for it: a change's mails are sent just after it
 * answers. A mail that never comes fails with the subjects that did, after a minute (a generous bound
 * for a loaded machine, not a measure of speed).
 */
export async function mailWithSubject(serverUrl: string, to: string, subject: string): Promise<DevMail> {
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    const mails = await mailsTo(serverUrl, to);
    const mail = mails.find((candidate) => candidate.subject === subject);
    if (mail) return mail;
    if (Date.now() > giveUpAt)
      throw new Error(`no mail "${subject}" to ${to}; it has: ${JSON.stringify(mails.map((listed) => listed.subject))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The links of a mail: the `href`s of its HTML part and the http(s) URLs of its plain text, in order. */
export function linksOf(mail: DevMail): { html: string[]; text: string[] } {
  const html = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1].replaceAll('&amp;', '&'));
  const text = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  return { html, text };
}
