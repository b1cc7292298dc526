import type { IdentificationData, OrderActivity } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { amountIn, dateTime, errorText } from '../lib/format.js';
import { useOrderActivities, useOrderNote } from '../lib/order-timeline-query.js';
import { LoadFailed } from './load-failed.js';

/** The most a note holds (the server refuses longer ones). */
const NOTE_MAX = 5000;

/** Who made a change, in words. */
function whoText(who: IdentificationData): string {
  switch (who.identityType) {
    case 'WIX_USER':
      return 'a merchant';
    case 'APP':
      return 'an API key';
    case 'MEMBER':
      return 'the buyer';
    case 'ANONYMOUS_VISITOR':
      return 'the buyer (guest)';
    default:
      return 'the shop';
  }
}

/** What happened, in words (a kind this console does not know yet is shown as it is named); `pickup`: the buyer collects the order. */
function whatText(activity: OrderActivity, pickup: boolean): string {
  const detail = activity.detail as Record<string, string | null | undefined>;
  switch (activity.kind) {
    case 'PLACED':
      return 'Order placed';
    case 'PAID':
      return 'Marked as paid';
    case 'FULFILLED':
      if (pickup) return 'Ready for pickup';
      return `Parcel sent${detail.trackingNumber ? ` · tracking ${detail.trackingNumber}` : ''}`;
    case 'REFUNDED':
      return `Refunded ${detail.currency ? amountIn(detail.amount, detail.currency) : (detail.amount ?? '')}${detail.reason ? ` · ${detail.reason}` : ''}`;
    case 'CANCELED':
      return `Cancelled${detail.reason ? ` · ${detail.reason}` : ''}`;
    case 'EMAIL_SENT':
      return `E-mail sent${detail.subject ? `: ${detail.subject}` : ''}`;
    case 'CLAIMED':
      return 'Joined to the buyer’s account (e-mail verified)';
    case 'NOTE':
      return activity.removed ? `Note removed by ${whoText(activity.removed.who)} (${dateTime(activity.removed.removedDate)})` : 'Note';
    default:
      return String(activity.kind);
  }
}

/**
 * The order's timeline, newest first, with the merchant's internal notes and the box to add one.
 * `pickup`: the buyer collects the order, so its fulfilments are items made ready, not parcels sent.
 */
export function OrderTimeline({ orderId, pickup }: { orderId: string; pickup: boolean }) {
  const { data, isPending, isError, error, refetch } = useOrderActivities(orderId);
  const note = useOrderNote(orderId);
  return (
    <section aria-labelledby="timeline-title" className="timeline">
      <h2 id="timeline-title">Timeline</h2>
      <NoteBox pending={note.isPending} onAdd={(text, done) => note.mutate({ add: text }, { onSuccess: done })} />
      {note.isError ? (
        <p className="form-error" role="alert">
          {errorText(note.error)}
        </p>
      ) : null}
      {isPending ? (
        <p role="status">Loading the timeline…</p>
      ) : isError ? (
        <LoadFailed what="The timeline" error={error} retry={refetch} />
      ) : (
        <ol className="timeline__list" data-testid="order-timeline">
          {data.map((activity) => (
            <li key={activity._id} className={activity.kind === 'NOTE' ? 'timeline__note' : undefined}>
              <div className="timeline__what">{whatText(activity, pickup)}</div>
              {activity.note !== undefined ? <p className="timeline__text">{activity.note}</p> : null}
              <div className="muted">
                {dateTime(activity._createdDate)} · by {whoText(activity.who)}
                {activity.kind === 'NOTE' && !activity.removed ? (
                  <>
                    {' · '}
                    <button
                      type="button"
                      className="link-button"
                      disabled={note.isPending}
                      onClick={() => note.mutate({ remove: activity._id })}
                      aria-label={`Remove the note of ${dateTime(activity._createdDate)}`}
                    >
                      Remove
                    </button>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The note box: internal, never shown to the buyer. */
function NoteBox({ pending, onAdd }: { pending: boolean; onAdd: (text: string, done: () => void) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) onAdd(text.trim(), () => setText(''));
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Add a note">
      <label htmlFor={`${id}-note`}>Internal note (never shown to the buyer)</label>
      <textarea id={`${id}-note`} rows={3} maxLength={NOTE_MAX} value={text} onChange={(event) => setText(event.target.value)} />
      <div className="actions__buttons">
        <button type="submit" className="button" disabled={pending || !text.trim()}>
          Add note
        </button>
      </div>
    </form>
  );
}
