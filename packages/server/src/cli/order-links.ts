import type { CliCommand } from './command.js';
import { databaseFlags } from './open-database.js';
import { usingServices } from './using-services.js';

/** `vitrine orders rotate-links`: a new secret for the order-status links; every link mailed before stops working. */
export const ordersRotateLinks: CliCommand = {
  name: 'orders rotate-links',
  summary: 'Sign order-status links with a new secret: every link already mailed to buyers stops working (the pages answer 404)',
  flags: { ...databaseFlags },
  notes: [
    'For a leaked link: the buyers of every order get new links only with their next e-mail about the order.',
    'A running server picks up the new secret within a minute (at once for the links it checks).',
  ],
  async run(invocation) {
    await usingServices(invocation, (services) => services.checkout.links.rotate());
    invocation.io.out('order-status links now signed with a new secret; links issued before no longer open');
    return 0;
  },
};
