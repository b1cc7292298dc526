/** One e-mail to send. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the sender; without it, the mailer's own (`MAIL_FROM`) */
  from?: string;
  /** where the buyer's answer goes (the shop's contact e-mail), when not to the sender */
  replyTo?: string;
}

/** Sends mail: nodemailer over SMTP when SMTP_URL is set, else the dev mailbox in the database. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
