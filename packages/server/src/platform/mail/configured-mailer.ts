import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { DevMailbox } from './dev-mailbox.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** The configured mailer: SMTP when `SMTP_URL` is set, else the dev mailbox table; `from`: the sender of a mail that names none. */
export function configuredMailer(config: { smtpUrl?: string }, db: Kysely<Database>, from: () => Promise<string>): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, from) : new DevMailbox(db);
}
