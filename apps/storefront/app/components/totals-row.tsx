import type { ReactNode } from 'react';

/** How a row stands out: a discount's amount in the saving colour, the total set off above the rest. */
const TONE_CLASS = { discount: 'cart-totals__discount', total: 'cart-totals__total' } as const;

/**
 * One line of a money summary (`.cart-totals`: the cart's estimate, a placed order's totals): what it
 * is, then its amount; the same markup in both, so one stylesheet lays out either.
 */
export function TotalsRow({
  label,
  amount,
  tone,
  amountTestId,
}: {
  label: ReactNode;
  amount: ReactNode;
  tone?: keyof typeof TONE_CLASS;
  amountTestId?: string;
}) {
  return (
    <div className={tone ? TONE_CLASS[tone] : undefined}>
      <dt>{label}</dt>
      <dd data-testid={amountTestId}>{amount}</dd>
    </div>
  );
}
