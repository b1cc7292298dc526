import type { Order, RefundOrderOptions } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { Field } from '../components/field.js';
import { type OrderActionFormProps, OrderFormFoot } from '../components/order-action-form.js';
import { amountIn, money } from '../lib/format.js';
import { type ActionProblems, actionProblems } from '../lib/order-problems.js';
import { checkedUnits, unitsLeft } from '../lib/order-units.js';

type Mode = 'items' | 'amount';

interface Draft {
  mode: Mode;
  quantities: Record<string, string>;
  amount: string;
  reason: string;
  restock: boolean;
}

/** The draft as a refund to send, or its problems by field and line. */
function checkedRefund(draft: Draft, order: Order): { value: RefundOrderOptions } | { problems: ActionProblems } {
  const problems: ActionProblems = { fields: {}, lines: {} };
  if (!draft.reason.trim()) problems.fields.reason = 'Say why (the buyer may see it).';
  const { problems: lines, units: lineItems } = checkedUnits(draft.quantities, unitsLeft(order, 'refundedQuantity'));
  if (draft.mode === 'items') {
    problems.lines = lines;
    if (!lineItems.length && !Object.keys(lines).length) problems.general = 'Choose at least one item to refund.';
  } else if (!/^\d+(\.\d+)?$/.test(draft.amount.trim()) || Number(draft.amount) <= 0) {
    problems.fields.amount = 'Enter an amount such as 12.50.';
  }
  if (Object.keys(problems.fields).length || Object.keys(problems.lines).length || problems.general) return { problems };
  const reason = draft.reason.trim();
  return {
    value: draft.mode === 'items' ? { reason, lineItems, restock: draft.restock } : { reason, amount: draft.amount.trim() },
  };
}

/** What the confirmation asks about: the amount typed, or the items at their prices. */
function refundSummary(value: RefundOrderOptions, order: Order): string {
  if (value.amount) return amountIn(value.amount, order.currency ?? 'USD');
  const names = (value.lineItems ?? []).map(
    (unit) => `${unit.quantity} × ${order.lineItems?.find((line) => line._id === unit.lineItemId)?.name}`,
  );
  return `${names.join(', ')} at ${names.length > 1 ? 'their prices' : 'its price'}${value.restock ? ', back in stock' : ''}`;
}

/**
 * A refund of the order: by items (each unit at its price, optionally back in stock) or by an
 * amount, with a reason, confirmed before it is sent.
 */
export function RefundForm({ order, busy, send, close }: OrderActionFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ mode: 'items', quantities: {}, amount: '', reason: '', restock: true });
  const [problems, setProblems] = useState<ActionProblems>({ fields: {}, lines: {} });
  const [confirming, setConfirming] = useState<RefundOrderOptions | null>(null);
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const refundable = `${money(order.priceSummary?.total, order.currency)} paid, ${money(order.refundedTotal, order.currency) || amountIn(0, order.currency ?? 'USD')} refunded`;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkedRefund(draft, order);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({ fields: {}, lines: {} });
    setConfirming(checked.value);
  };
  const confirm = async () => {
    if (!confirming) return;
    try {
      await send({ kind: 'refund', ...confirming });
      close();
    } catch (err) {
      setConfirming(null);
      setProblems(actionProblems(err));
    }
  };

  if (confirming) {
    return (
      <div className="inline-form" role="alertdialog" aria-labelledby={`${id}-confirm`}>
        <p id={`${id}-confirm`}>
          Refund <strong>{refundSummary(confirming, order)}</strong> to the buyer? This cannot be undone.
        </p>
        <div className="actions__buttons">
          <button type="button" className="button button--danger" disabled={busy} onClick={confirm}>
            Confirm refund
          </button>
          <button type="button" className="button" onClick={() => setConfirming(null)}>
            Change it
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="inline-form" onSubmit={review} aria-label="Refund" noValidate>
      <p className="muted">{refundable}</p>
      <fieldset className="units">
        <legend>Refund</legend>
        <label className="check">
          <input type="radio" name={`${id}-mode`} checked={draft.mode === 'items'} onChange={() => set({ mode: 'items' })} />
          Items, at their prices
        </label>
        <label className="check">
          <input type="radio" name={`${id}-mode`} checked={draft.mode === 'amount'} onChange={() => set({ mode: 'amount' })} />
          An amount
        </label>
      </fieldset>
      {draft.mode === 'items' ? (
        <>
          {unitsLeft(order, 'refundedQuantity').map(({ line, left }) => (
            <Field key={line._id} label={`${line.name} (${left} not refunded)`} error={problems.lines[line._id ?? '']}>
              {(props) => (
                <input
                  {...props}
                  inputMode="numeric"
                  placeholder="0"
                  value={draft.quantities[line._id ?? ''] ?? ''}
                  onChange={(event) => set({ quantities: { ...draft.quantities, [line._id ?? '']: event.target.value } })}
                />
              )}
            </Field>
          ))}
          <label className="check">
            <input type="checkbox" checked={draft.restock} onChange={(event) => set({ restock: event.target.checked })} />
            Put these items back in stock
          </label>
        </>
      ) : (
        <Field label={`Amount (${order.currency})`} error={problems.fields.amount}>
          {(props) => (
            <input {...props} inputMode="decimal" value={draft.amount} onChange={(event) => set({ amount: event.target.value })} />
          )}
        </Field>
      )}
      <Field label="Reason" error={problems.fields.reason}>
        {(props) => <input {...props} maxLength={500} value={draft.reason} onChange={(event) => set({ reason: event.target.value })} />}
      </Field>
      <OrderFormFoot problem={problems.general} submit="Review refund" close={close} />
    </form>
  );
}
