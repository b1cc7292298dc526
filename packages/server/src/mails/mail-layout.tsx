import { Fragment, type ReactNode } from 'react';
import { webLink } from '../platform/http/web-link.js';
import type { MailOrder, MailShop } from './mail-data.js';
import { footerLines, placedLine, QUESTIONS } from './shop-lines.js';

/**
 * The frame every buyer's mail shares: the shop's name, the mail's heading, its body, a button to
 * the order and a footer. Table layout and inline styles: mail programs ignore most style sheets.
 */
export function MailLayout(p: { shop: MailShop; heading: string; order: MailOrder; children: ReactNode }) {
  const link = webLink(p.order.link);
  const placed = placedLine(p.order, p.shop);
  const footer = footerLines(p.shop);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{p.heading}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: '#f4f4f5', fontFamily: 'system-ui, -apple-system, Segoe UI, sans-serif' }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: '#f4f4f5' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600, background: '#ffffff', borderRadius: 8, color: '#18181b', fontSize: 16, lineHeight: 1.5 }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: '20px 24px', borderBottom: '1px solid #e4e4e7', fontWeight: 600, fontSize: 18 }}>
                        {p.shop.shopName}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '24px' }}>
                        <h1 style={{ fontSize: 22, lineHeight: 1.3, margin: placed ? '0 0 4px' : '0 0 16px' }}>{p.heading}</h1>
                        {placed ? <p style={{ margin: '0 0 16px', color: '#71717a', fontSize: 14 }}>{placed}</p> : null}
                        {p.children}
                        {link ? (
                          <p style={{ margin: '24px 0 0' }}>
                            <a
                              href={link}
                              style={{
                                display: 'inline-block',
                                background: '#18181b',
                                color: '#ffffff',
                                padding: '10px 18px',
                                borderRadius: 6,
                                textDecoration: 'none',
                              }}
                            >
                              View your order
                            </a>
                          </p>
                        ) : null}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '16px 24px', borderTop: '1px solid #e4e4e7', color: '#71717a', fontSize: 13 }}>
                        {footer.why}
                        {footer.contact ? (
                          <>
                            <br />
                            {QUESTIONS}{' '}
                            <a href={`mailto:${footer.contact}`} style={{ color: '#71717a' }}>
                              {footer.contact}
                            </a>
                          </>
                        ) : null}
                        {footer.sender ? (
                          <>
                            <br />
                            {footer.sender}
                          </>
                        ) : null}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** A paragraph of the mail's body. */
export function Para(p: { children: ReactNode }) {
  return <p style={{ margin: '0 0 12px' }}>{p.children}</p>;
}

/**
 * Text whose line breaks matter (bank details, one per line) with a `<br>` at each: mail programs
 * that drop CSS (`white-space`) keep them too.
 */
export function Lines(p: { text: string }) {
  return p.text.split('\n').map((line, i) => (
    // Lines have no id of their own; their place is their identity here.
    // biome-ignore lint/suspicious/noArrayIndexKey: static markup, never reordered
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </Fragment>
  ));
}

/** A table of label/amount rows (the order's lines or totals), amounts right-aligned. */
export function AmountTable(p: { rows: { label: string; amount: string; strong?: boolean }[] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 12px', borderCollapse: 'collapse' }}>
      <tbody>
        {p.rows.map((r, i) => (
          // Rows have no id of their own; their place is their identity here.
          // biome-ignore lint/suspicious/noArrayIndexKey: static markup, never reordered
          <tr key={i} style={r.strong ? { fontWeight: 600 } : undefined}>
            <td style={{ padding: '6px 0', borderTop: '1px solid #f4f4f5' }}>{r.label}</td>
            <td style={{ padding: '6px 0 6px 12px', borderTop: '1px solid #f4f4f5', textAlign: 'right', whiteSpace: 'nowrap' }}>
              {r.amount}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The order's lines and totals. */
export function OrderSummary(p: { order: MailOrder }) {
  const { order } = p;
  return (
    <>
      <AmountTable rows={order.lines.map((l) => ({ label: lineLabel(l), amount: l.total }))} />
      <AmountTable rows={order.totals.map((t, i) => ({ ...t, strong: i === order.totals.length - 1 }))} />
    </>
  );
}

/** "2 × Mug (Color: Blue)". */
export function lineLabel(line: MailOrder['lines'][number]): string {
  return `${line.quantity} × ${line.name}${line.details ? ` (${line.details})` : ''}`;
}
