import type { Webhook } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { WebAddressField } from '../components/field.js';
import { LoadFailed } from '../components/load-failed.js';
import { Problem } from '../components/problem.js';
import { dateTime, errorText } from '../lib/format.js';
import { useAddWebhook, useDeliveries, useEventTypes, useRemoveWebhook, useTestWebhook, useWebhookList } from '../lib/settings-admin.js';

/**
 * Where the shop's events go: endpoints added with the events they take (the signing secret shown
 * once), a test event sent on demand with its outcome, each endpoint's delivery log, removal.
 */
export function WebhooksPage() {
  const id = useId();
  const list = useWebhookList();
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Webhooks</h1>
      </div>
      <AddWebhook />
      {list.isPending ? (
        <p role="status">Loading the webhooks…</p>
      ) : list.isError ? (
        <LoadFailed what="The webhooks" error={list.error} retry={list.refetch} />
      ) : !list.data.length ? (
        <p className="empty">No webhooks yet: events are kept, but sent nowhere.</p>
      ) : (
        <ul className="webhooks">
          {list.data.map((webhook) => (
            <WebhookItem key={webhook._id} webhook={webhook} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AddWebhook() {
  const types = useEventTypes();
  const add = useAddWebhook();
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState('');
  const [secret, setSecret] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    setSecret('');
    if (!/^https?:\/\/\S+$/i.test(url.trim())) {
      setProblem('Type the endpoint’s address, starting with https:// (or http://).');
      return;
    }
    add.mutate(
      { url: url.trim(), eventTypes: chosen },
      {
        onSuccess: (made) => {
          setSecret(made.secret ?? '');
          setUrl('');
          setChosen([]);
        },
        onError: (err) => setProblem(`The webhook was not added: ${errorText(err)}`),
      },
    );
  }

  return (
    <form className="form-section" onSubmit={submit} aria-label="Add a webhook" noValidate>
      <h2>Add a webhook</h2>
      <WebAddressField
        label="Endpoint address"
        hint="Events are POSTed there as JSON, signed in the vitrine-signature header."
        value={url}
        onChange={setUrl}
        error={problem || undefined}
      />
      <fieldset className="picker">
        <legend>Events (none ticked: every event)</legend>
        {(types.data ?? []).map((type) => (
          <label key={type} className="check">
            <input
              type="checkbox"
              checked={chosen.includes(type)}
              onChange={(event) => setChosen(event.target.checked ? [...chosen, type] : chosen.filter((chosenType) => chosenType !== type))}
            />{' '}
            {type}
          </label>
        ))}
      </fieldset>
      <div className="form-footer">
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          Add the webhook
        </button>
      </div>
      {secret ? (
        <div role="status" className="secret">
          <p>Added. Its signing secret, shown this once: keep it where the endpoint checks signatures.</p>
          <code data-testid="webhook-secret">{secret}</code>
        </div>
      ) : null}
    </form>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const webhookId = webhook._id as string;
  const [open, setOpen] = useState(false);
  const test = useTestWebhook(webhookId);
  const remove = useRemoveWebhook();
  const log = useDeliveries(webhookId, open);
  const [problem, setProblem] = useState('');

  const confirmRemove = () => {
    if (!window.confirm(`Remove the webhook to ${webhook.url}? Its delivery log goes with it.`)) return;
    remove.mutate(webhookId, { onError: (err) => setProblem(`Not removed: ${errorText(err)}`) });
  };
  const outcome = test.data;
  return (
    <li className="form-section" data-testid="webhook">
      <h2 className="webhook__url">{webhook.url}</h2>
      <p className="muted">
        {webhook.eventTypes?.length ? webhook.eventTypes.join(', ') : 'Every event'} · added {dateTime(webhook._createdDate)}
      </p>
      <div className="actions__buttons">
        <button type="button" className="button" disabled={test.isPending} onClick={() => test.mutate()}>
          {test.isPending ? 'Sending…' : 'Send a test event'}
        </button>
        <button type="button" className="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide the deliveries' : 'Show the deliveries'}
        </button>
        <button type="button" className="button button--danger" disabled={remove.isPending} onClick={confirmRemove}>
          Remove…
        </button>
      </div>
      {outcome ? (
        <p role="status" className={outcome.status === 'delivered' ? 'form-saved' : 'form-error'}>
          {outcome.status === 'delivered'
            ? `Test event delivered (HTTP ${outcome.statusCode}).`
            : `Test event not delivered: ${outcome.statusCode ? `HTTP ${outcome.statusCode}` : (outcome.error ?? 'no answer')}.`}
        </p>
      ) : null}
      {test.isError ? (
        <p className="form-error" role="alert">
          The test could not be sent: {errorText(test.error)}
        </p>
      ) : null}
      <Problem text={problem} />
      {open ? (
        log.isPending ? (
          <p role="status">Loading the deliveries…</p>
        ) : log.isError ? (
          <LoadFailed what="The deliveries" error={log.error} retry={log.refetch} />
        ) : !log.data.length ? (
          <p className="muted">Nothing delivered yet.</p>
        ) : (
          <table className="table" aria-label={`Deliveries to ${webhook.url}`}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">When</th>
                <th scope="col">State</th>
                <th scope="col" className="num">
                  Attempts
                </th>
                <th scope="col">Last answer</th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((delivery) => (
                <tr key={delivery._id} data-testid="delivery-row">
                  <th scope="row">{delivery.eventType}</th>
                  <td>{dateTime(delivery._createdDate)}</td>
                  <td>
                    {delivery.status}
                    {delivery.nextAttemptDate ? ` · next try ${dateTime(delivery.nextAttemptDate)}` : ''}
                  </td>
                  <td className="num">{delivery.attempts}</td>
                  <td>{delivery.lastStatusCode ? `HTTP ${delivery.lastStatusCode}` : (delivery.lastError ?? '—')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
    </li>
  );
}
