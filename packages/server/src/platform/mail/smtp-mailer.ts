import type { Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

/**
 * Sends mail over SMTP with nodemailer. `SMTP_URL` carries host, port, credentials and transport
 * options as query parameters (`smtps://` for implicit TLS, e.g. `smtp://user:pass@host:587`,
 * `smtp://127.0.0.1:2525?ignoreTLS=true`); the sender is the shop settings' (first taken from `MAIL_FROM`).
 * nodemailer is loaded at the first mail (about 3 MiB of heap and 13 MiB resident that an idle
 * process does not need, issue #23).
 */
export class SmtpMailer implements Mailer {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    /** the From of a mail that names none: fixed, or the shop's sender now (its settings, `formatMailbox`) */
    private readonly from: string | (() => Promise<string>),
  ) {}

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.smtpUrl));
    return this.transport;
  }

  async send(mail: Mail): Promise<void> {
    const from = mail.from ?? (typeof this.from === 'string' ? this.from : await this.from());
    const replyTo = mail.replyTo ? { replyTo: mail.replyTo } : {};
    await (await this.transporter()).sendMail({ from, to: mail.to, ...replyTo, subject: mail.subject, text: mail.text, html: mail.html });
  }

  /** Closes open connections (shutdown). */
  close(): void {
    void this.transport?.then((transport) => transport.close());
  }
}
