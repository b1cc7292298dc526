import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Mail, Mailer } from './mailer.js';

/** A mail kept in the dev mailbox, as `/_dev/mailbox?format=json` lists it. */
export interface StoredMail extends Mail {
  date: string;
}

/** Most mails a listing shows (the newest ones). */
const LIST_LIMIT = 200;

/**
 * The mailer without SMTP: mail is kept in the database table `dev_mailbox`, so a developer (or a
 * test) reads it at `/_dev/mailbox`, whichever server process sent it.
 */
export class DevMailbox implements Mailer {
  constructor(private readonly db: Kysely<Database>) {}

  async send(mail: Mail): Promise<void> {
    await this.db
      .insertInto('dev_mailbox')
      .values({ to_address: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
      .execute();
  }

  /** The newest mails first, optionally only those to one address (compared case-insensitively). */
  async list(filter: { to?: string } = {}): Promise<StoredMail[]> {
    let query = this.db.selectFrom('dev_mailbox').select(['to_address', 'subject', 'text', 'html', 'created_at']);
    if (filter.to) query = query.where((eb) => eb(eb.fn('lower', ['to_address']), '=', filter.to?.toLowerCase() ?? ''));
    const rows = await query.orderBy('id', 'desc').limit(LIST_LIMIT).execute();
    return rows.map((row) => ({
      to: row.to_address,
      subject: row.subject,
      text: row.text,
      html: row.html,
      date: row.created_at.toISOString(),
    }));
  }
}
