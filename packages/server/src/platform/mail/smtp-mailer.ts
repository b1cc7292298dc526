import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer.js';

/**
 * Sends mail over SMTP with nodemailer. `SMTP_URL` carries host, port, credentials and transport
 * options as query parameters (`smtps://` for implicit TLS, e.g. `smtp://user:pass@host:587`,
 * `smtp://127.0.0.1:2525?ignoreTLS=true`); `MAIL_FROM` is the sender.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: mail.from ?? this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  /** Closes open connections (shutdown). */
  close(): void {
    this.transport.close();
  }
}
