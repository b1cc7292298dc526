import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

/**
 * Sends mail over SMTP with nodemailer. `SMTP_URL` carries host, port, credentials and transport
 * options as query parameters (`smtps://` for implicit TLS, e.g. `smtp://user:pass@host:587`,
 * `smtp://127.0.0.1:2525?ignoreTLS=true`); the sender is the shop settings' (first taken from `MAIL_FROM`).
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    /** the From of a mail that names none: fixed, or the shop's sender now (its settings, `formatMailbox`) */
    private readonly from: string | (() => Promise<string>),
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    const from = mail.from ?? (typeof this.from === 'string' ? this.from : await this.from());
    const replyTo = mail.replyTo ? { replyTo: mail.replyTo } : {};
    await this.transport.sendMail({ from, to: mail.to, ...replyTo, subject: mail.subject, text: mail.text, html: mail.html });
  }

  /** Closes open connections (shutdown). */
  close(): void {
    this.transport.close();
  }
}
