import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An SMTP server on a free loopback port: the messages it took, and a switch to refuse them. */
export interface SmtpReceiver {
  /** `SMTP_URL` for it (no TLS) */
  url: string;
  /** each message taken: its recipients and its raw text */
  received: { to: string[]; raw: string }[];
  /** while true, every message is answered 451 (try again later) and not kept */
  refusing: boolean;
  close(): Promise<void>;
}

/** Starts an in-process SMTP receiver (smtp-server) on 127.0.0.1. Always `close()` it. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const receiver: SmtpReceiver = { url: '', received: [], refusing: false, close: async () => {} };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (bytes: Buffer) => chunks.push(bytes));
      stream.on('end', () => {
        if (receiver.refusing) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        receiver.received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  receiver.url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?ignoreTLS=true`;
  receiver.close = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  return receiver;
}
