import type { Order } from '@vitrine/sdk';
import type { OrderAction } from '../lib/orders-query.js';
import { Problem } from './problem.js';

/** What the order page gives each of its action forms. */
export interface OrderActionFormProps {
  order: Order;
  busy: boolean;
  /** runs the action; rejects with the server's refusal */
  send: (action: OrderAction) => Promise<Order>;
  close: () => void;
}

/** An action form's foot: the problem above the form's fields, its submit button and the way back. */
export function OrderFormFoot({ problem, submit, busy, close }: { problem?: string; submit: string; busy?: boolean; close: () => void }) {
  return (
    <>
      <Problem text={problem ?? ''} />
      <div className="actions__buttons">
        <button type="submit" className="button button--primary" disabled={busy}>
          {submit}
        </button>
        <button type="button" className="button" onClick={close}>
          Back
        </button>
      </div>
    </>
  );
}
