/** The order summary shared by the checkout page and the order confirmation, and their extra styles. */

/** What the summary shows, every amount already formatted. */
export interface SummaryView {
  lines: { name: string; quantity: number; detail?: string; total: string }[];
  /** Subtotal, Discount, Shipping, Tax, in that order (rows that do not apply are left out) */
  rows: { label: string; amount: string }[];
  total: string;
}

/** The lines and totals as a table with a caption (screen readers hear it as one structure). */
export function OrderSummary({ summary, title = 'Order summary' }: { summary: SummaryView; title?: string }) {
  return (
    <section id="order-summary" aria-labelledby="summary-title" className="checkout-section summary">
      <h2 id="summary-title">{title}</h2>
      <table>
        <caption className="visually-hidden">Items and totals</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="amount">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {summary.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are rendered once, in order
            <tr key={i}>
              <td>
                {`${l.quantity} × ${l.name}`}
                {l.detail && <span className="hint">{l.detail}</span>}
              </td>
              <td className="amount">{l.total}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {summary.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td className="amount">{row.amount}</td>
            </tr>
          ))}
          <tr className="total">
            <th scope="row">Total</th>
            <td className="amount" data-testid="order-total">
              {summary.total}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** Styles the shared stylesheet lacks: sections, radio groups, the summary table (inlined with the page's nonce). */
export const checkoutStyles = `
.card{max-width:40rem}
.checkout-section{margin:0 0 var(--space-6)}
h2{font-size:1.125rem;margin:0 0 var(--space-3)}
fieldset.choices{border:1px solid var(--color-border);border-radius:var(--radius);padding:var(--space-3) var(--space-4);margin:0 0 var(--space-4)}
legend{font-weight:600;padding:0 var(--space-1)}
.choice{display:flex;gap:var(--space-2);align-items:flex-start;margin:var(--space-2) 0}
.choice input{width:auto;margin-top:.3rem}
.choice label{font-weight:400}
.choice{flex-wrap:wrap}
.choice label{flex:1 1 0;min-width:0}
.slot-picker{flex:1 1 100%;min-width:0;box-sizing:border-box;padding-left:calc(1rem + var(--space-2))}
.slot-picker label{display:block;font-size:.875rem}
@media (max-width:30rem){.slot-picker{padding-left:0}}
.slot-picker select{width:100%;font:inherit;padding:var(--space-2) var(--space-3);border:1px solid var(--color-border);border-radius:var(--radius);background:var(--color-surface);color:var(--color-text)}
details{margin-top:var(--space-3)}
summary{cursor:pointer;margin-bottom:var(--space-3)}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:var(--space-2) 0;border-bottom:1px solid var(--color-border);vertical-align:top}
th{font-weight:600}
.amount{text-align:right;white-space:nowrap;padding-left:var(--space-4)}
tr.total th,tr.total td{font-size:1.125rem;border-bottom:none}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.button-secondary{margin-bottom:var(--space-4)}
#order-summary:has(~ form[aria-busy=true]){opacity:.6}
[hidden]{display:none!important}
.instructions{padding:var(--space-3) var(--space-4);border-radius:var(--radius);background:var(--color-notice-bg)}
.instructions,.choice .hint{white-space:pre-line}
`;
