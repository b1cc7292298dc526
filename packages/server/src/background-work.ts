/**
 * The background loops of a `serve` process whose role includes work (`worker`, `all`): the webhook
 * dispatcher, the mail outbox's sender, the sweep of expired sign-in rows (`oauth/expired-rows.ts`)
 * and, on the embedded database only, its VACUUM turns (`platform/db/embedded-vacuum.ts`).
 * The first three claim their rows with `FOR UPDATE SKIP LOCKED`, so any number of processes may run them on one database;
 * the embedded database has one process. Web-only processes skip them; the mails a change
 * queues are still sent right after it by the process that made it (`MailSender.sendNow`).
 */
import type { FastifyInstance } from 'fastify';
import { SWEEP_INTERVAL_MS } from './domains/oauth/expired-rows.js';
import type { Services } from './services.js';

/** What the loops need: their owners and their intervals. */
export type BackgroundServices = Pick<Services, 'config' | 'webhooks' | 'expiredRows' | 'vacuum'> & {
  checkout: Pick<Services['checkout'], 'mailing'>;
};

/** Starts the loops when `app` is ready; its close stops them and waits for the work under way (graceful shutdown). */
export function installBackgroundWork(app: FastifyInstance, services: BackgroundServices): void {
  // WEBHOOK_INTERVAL_MS=0 / MAIL_INTERVAL_MS=0 / VACUUM_INTERVAL_MS=0 turn a loop off in this process.
  app.addHook('onReady', async () => services.webhooks.dispatcher.start({ intervalMs: services.config.webhooks.intervalMs, log: app.log }));
  app.addHook('onReady', async () =>
    services.checkout.mailing.sender.start({ intervalMs: services.config.mailOutbox.intervalMs, log: app.log }),
  );
  app.addHook('onReady', async () => services.expiredRows.start({ intervalMs: SWEEP_INTERVAL_MS, log: app.log }));
  // On PostgreSQL it does not start: the server's autovacuum does this work.
  app.addHook('onReady', async () => services.vacuum.start({ intervalMs: services.config.vacuum.intervalMs, log: app.log }));
  app.addHook('onClose', async () => {
    await services.webhooks.dispatcher.stop();
    await services.checkout.mailing.sender.stop();
    await services.expiredRows.stop();
    await services.vacuum.stop();
  });
}

/** Whether a process of this role runs the background loops. */
export function runsBackgroundWork(role: Services['config']['role']): boolean {
  return role !== 'web';
}
