import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextField } from '../components/field.js';
import { LoadFailed } from '../components/load-failed.js';
import { useCollectionChange, useCollectionList } from '../lib/collections-admin.js';
import { errorText } from '../lib/format.js';

/** The shop's collections, and a new one by its name (the rest is set on its own page). */
export function CollectionsPage() {
  const id = useId();
  const navigate = useNavigate();
  const list = useCollectionList();
  const change = useCollectionChange();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');

  function create(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    if (!name.trim()) {
      setProblem('Give the collection a name.');
      return;
    }
    change.mutate(
      { kind: 'create', fields: { name: name.trim() } },
      {
        onSuccess: (made) => navigate(`/collections/${encodeURIComponent(made?._id ?? '')}`),
        onError: (err) => setProblem(`The collection was not made: ${errorText(err)}`),
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="page-heading">
        <h1 id={`${id}-title`}>Collections</h1>
      </div>
      <form className="form-row form-section" onSubmit={create} aria-label="New collection" noValidate>
        <TextField label="New collection’s name" error={problem || undefined} value={name} maxLength={80} onChange={setName} />
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          Make the collection
        </button>
      </form>
      {list.isPending ? (
        <p role="status">Loading the collections…</p>
      ) : list.isError ? (
        <LoadFailed what="The collections" error={list.error} retry={list.refetch} />
      ) : !list.data.length ? (
        <p className="empty">No collections yet.</p>
      ) : (
        // on a phone the table scrolls sideways in its box, not the page
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Collection</th>
                <th scope="col">Web address</th>
                <th scope="col" className="num">
                  Products
                </th>
                <th scope="col">Shown in the shop</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((collection) => (
                <tr key={collection._id} data-testid="collection-row">
                  <th scope="row">
                    <Link to={`/collections/${encodeURIComponent(collection._id ?? '')}`}>{collection.name}</Link>
                  </th>
                  <td>/collections/{collection.slug}</td>
                  <td className="num">{collection.numberOfProducts ?? 0}</td>
                  <td>{collection.visible === false ? 'Hidden' : 'Shown'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
