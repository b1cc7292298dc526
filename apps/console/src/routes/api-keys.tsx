import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../components/field.js';
import { LoadFailed } from '../components/load-failed.js';
import { TableHead } from '../components/table-head.js';
import { dateTime, errorText } from '../lib/format.js';
import { useApiKeyChange, useApiKeyList } from '../lib/settings-admin.js';

/** The shop's API keys, for scripts and other systems: made (the key shown once), listed, revoked. */
export function ApiKeysPage() {
  const id = useId();
  const list = useApiKeyList();
  const change = useApiKeyChange();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const [made, setMade] = useState<{ name: string; key: string } | undefined>();

  function create(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    setMade(undefined);
    if (!name.trim()) {
      setProblem('Say what the key is for, like “catalogue import”.');
      return;
    }
    change.mutate(
      { kind: 'create', name: name.trim() },
      {
        onSuccess: (answer) => {
          setMade({ name: answer?.apiKey?.name ?? '', key: answer?.key ?? '' });
          setName('');
        },
        onError: (err) => setProblem(`The key was not made: ${errorText(err)}`),
      },
    );
  }
  function revoke(keyId: string, keyName: string) {
    if (!window.confirm(`Revoke the key “${keyName}”? Whatever uses it stops working at once.`)) return;
    setProblem('');
    change.mutate({ kind: 'revoke', id: keyId }, { onError: (err) => setProblem(`Not revoked: ${errorText(err)}`) });
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>API keys</h1>
      </div>
      <form className="form-row form-section" onSubmit={create} aria-label="Make an API key" noValidate>
        <TextField label="What the key is for" error={problem || undefined} value={name} maxLength={200} onChange={setName} />
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          Make a key
        </button>
      </form>
      {made ? (
        <div role="status" className="secret form-section">
          <p>The key “{made.name}”, shown this once: copy it now. Send it as the Authorization header, or give it to ApiKeyStrategy.</p>
          <code data-testid="api-key-secret">{made.key}</code>
        </div>
      ) : null}
      {list.isPending ? (
        <p role="status">Loading the keys…</p>
      ) : list.isError ? (
        <LoadFailed what="The keys" error={list.error} retry={list.refetch} />
      ) : !list.data.length ? (
        <p className="empty">No keys yet.</p>
      ) : (
        <table className="table table--stacked">
          <TableHead columns={['Key', 'Made', 'State']} />
          <tbody>
            {list.data.map((apiKey) => (
              <tr key={apiKey._id} data-testid="api-key-row">
                <th scope="row">{apiKey.name}</th>
                <td data-label="Made">{dateTime(apiKey._createdDate)}</td>
                <td data-label="State">{apiKey.revokedDate ? `Revoked ${dateTime(apiKey.revokedDate)}` : 'In use'}</td>
                <td className="num row-actions">
                  {apiKey.revokedDate ? null : (
                    <button
                      type="button"
                      className="button button--danger"
                      disabled={change.isPending}
                      onClick={() => revoke(apiKey._id as string, apiKey.name ?? '')}
                    >
                      Revoke {apiKey.name}…
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
