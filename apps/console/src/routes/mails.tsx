import type { OrderMailKind, OutboxMail } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { LoadFailed } from '../components/load-failed.js';
import { TableHead } from '../components/table-head.js';
import { dateTime, errorText } from '../lib/format.js';
import { useMailPreview, useOutbox, useRetryMail } from '../lib/mails-admin.js';

/** The five mails to the buyer and when each is sent. */
const MAILS: { kind: OrderMailKind; name: string; when: string }[] = [
  { kind: 'order-received', name: 'Order received', when: 'When an order is placed, with how to pay' },
  { kind: 'payment-received', name: 'Payment received', when: 'When the order is marked as paid' },
  { kind: 'shipped', name: 'Shipped', when: 'When a parcel is sent, with its tracking' },
  { kind: 'cancelled', name: 'Cancelled', when: 'When the order is cancelled, with the reason' },
  { kind: 'refunded', name: 'Refunded', when: 'When money is given back, with the amount' },
];

/**
 * The buyer's mails: each previewed for an order (the newest, one chosen, or a sample) as it would be
 * sent, in a sandboxed frame that runs nothing; and the outbox, where a mail given up can be retried.
 */
export function MailsPage() {
  const id = useId();
  const [kind, setKind] = useState<OrderMailKind>('order-received');
  const [orderId, setOrderId] = useState('');
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>E-mails</h1>
      </div>
      <div className="mail-preview">
        <nav aria-label="Mails" className="mail-kinds">
          {MAILS.map((mail) => (
            <button
              key={mail.kind}
              type="button"
              className="mail-kind"
              aria-pressed={kind === mail.kind}
              onClick={() => setKind(mail.kind)}
            >
              <strong>{mail.name}</strong>
              <span className="muted">{mail.when}</span>
            </button>
          ))}
        </nav>
        <Preview kind={kind} orderId={orderId} onOrder={setOrderId} />
      </div>
      <Outbox />
    </section>
  );
}

function Preview({ kind, orderId, onOrder }: { kind: OrderMailKind; orderId: string; onOrder: (id: string) => void }) {
  const id = useId();
  const preview = useMailPreview(kind, orderId);
  const [typed, setTyped] = useState(orderId);
  const [view, setView] = useState<'html' | 'text'>('html');
  const name = MAILS.find((mail) => mail.kind === kind)?.name ?? kind;

  function submit(event: FormEvent) {
    event.preventDefault();
    onOrder(typed.trim());
  }

  return (
    <div className="form-section mail-pane">
      <form className="toolbar__search mail-order" onSubmit={submit} aria-label="Preview for an order">
        <label htmlFor={`${id}-order`}>Order number or id</label>
        <input
          id={`${id}-order`}
          maxLength={200}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="the newest order"
        />
        <button type="submit" className="button">
          Show
        </button>
      </form>
      {preview.isPending ? (
        <p role="status">Rendering the mail…</p>
      ) : preview.isError ? (
        <LoadFailed what="The preview" error={preview.error} retry={preview.refetch} />
      ) : (
        <>
          <p className="muted" data-testid="preview-source">
            {preview.data.orderId ? 'For the order shown.' : 'For a sample order: the shop has no orders yet.'}
          </p>
          <p>
            <strong>Subject:</strong> <span data-testid="preview-subject">{preview.data.subject}</span>
          </p>
          <fieldset className="picker mail-format">
            <legend className="visually-hidden">Format</legend>
            <button type="button" className="button" aria-pressed={view === 'html'} onClick={() => setView('html')}>
              HTML
            </button>
            <button type="button" className="button" aria-pressed={view === 'text'} onClick={() => setView('text')}>
              Plain text
            </button>
          </fieldset>
          {view === 'html' ? (
            // No allow-scripts, no allow-same-origin: the mail is shown, nothing in it runs or reaches the console.
            <iframe className="mail-frame" title={`Preview of “${name}”`} sandbox="" srcDoc={preview.data.html} />
          ) : (
            <pre className="mail-text" data-testid="preview-text">
              {preview.data.text}
            </pre>
          )}
        </>
      )}
    </div>
  );
}

const STATUS: Record<NonNullable<OutboxMail['status']>, { label: string; badge: string }> = {
  sent: { label: 'Sent', badge: 'badge--ok' },
  pending: { label: 'Pending', badge: 'badge--muted' },
  failed: { label: 'Failed', badge: 'badge--warn' },
};

function Outbox() {
  const outbox = useOutbox();
  const retry = useRetryMail();
  return (
    <div className="form-section">
      <h2>Recent mails</h2>
      {outbox.isPending ? (
        <p role="status">Loading the outbox…</p>
      ) : outbox.isError ? (
        <LoadFailed what="The outbox" error={outbox.error} retry={outbox.refetch} />
      ) : !outbox.data.length ? (
        <p className="muted">No mail sent yet.</p>
      ) : (
        <div className="table-scroll mail-outbox">
          <table className="table" aria-label="Recent mails">
            <TableHead columns={['Mail', 'To', 'When', 'State', { title: 'Attempts', numeric: true }]} />
            <tbody>
              {outbox.data.map((mail) => {
                const status = STATUS[mail.status ?? 'pending'];
                return (
                  <tr key={mail._id} data-testid="outbox-row">
                    <th scope="row">{mail.subject}</th>
                    <td>{mail.to}</td>
                    <td>{dateTime(mail.sentDate ?? mail._createdDate)}</td>
                    <td>
                      <span className={`badge ${status.badge}`}>{status.label}</span>
                      {mail.lastError && mail.status !== 'sent' ? <p className="form-error mail-error">{mail.lastError}</p> : null}
                      {mail.nextAttemptDate ? <p className="muted">Next try {dateTime(mail.nextAttemptDate)}</p> : null}
                    </td>
                    <td className="num">{mail.attempts}</td>
                    <td>
                      {mail.status === 'failed' ? (
                        <button
                          type="button"
                          className="button"
                          disabled={retry.isPending}
                          onClick={() => retry.mutate(mail._id as string)}
                        >
                          Retry now
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {retry.isError ? (
        <p className="form-error" role="alert">
          The mail could not be retried: {errorText(retry.error)}
        </p>
      ) : null}
    </div>
  );
}
