import { useQuery } from '@tanstack/react-query';
import { useVitrine } from '@vitrine/react';
import type { Collection } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CollectionPicture } from '../components/collection-picture.js';
import { Field, TextField } from '../components/field.js';
import { FormFooter } from '../components/form-footer.js';
import { LoadFailed } from '../components/load-failed.js';
import { Pager } from '../components/pager.js';
import { Problem } from '../components/problem.js';
import { type CollectionChange, useCollectionChange, useCollectionDetail, useCollectionProducts } from '../lib/collections-admin.js';
import { merchantApi } from '../lib/console-client.js';
import { errorText } from '../lib/format.js';
import { isSlug } from '../lib/product-draft.js';

const PAGE_SIZE = 25;

/** One collection: its name, address and description, its picture, its products (added and removed), its deletion. */
export function EditCollectionPage() {
  const { collectionId = '' } = useParams();
  const detail = useCollectionDetail(collectionId);
  if (detail.isPending)
    return (
      <section>
        <p role="status">Loading the collection…</p>
      </section>
    );
  if (detail.isError)
    return (
      <section>
        <p>
          <Link to="/collections">← All collections</Link>
        </p>
        <LoadFailed what="The collection" error={detail.error} retry={detail.refetch} />
      </section>
    );
  const collection = detail.data;
  return (
    <section>
      <p>
        <Link to="/collections">← All collections</Link>
      </p>
      <h1>{collection.name}</h1>
      <CollectionDetails key={collection._id} collection={collection} />
      <CollectionPicture collection={collection} />
      <CollectionProducts collectionId={collectionId} name={collection.name ?? ''} />
      <DeleteCollection collectionId={collectionId} name={collection.name ?? ''} />
    </section>
  );
}

function CollectionDetails({ collection }: { collection: Collection }) {
  const change = useCollectionChange();
  const [name, setName] = useState(collection.name ?? '');
  const [slug, setSlug] = useState(collection.slug ?? '');
  const [description, setDescription] = useState(collection.description ?? '');
  const [visible, setVisible] = useState(collection.visible !== false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState(false);

  function save(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Give the collection a name.';
    if (!isSlug(slug.trim())) found.slug = 'Use lower-case letters, digits and single hyphens, like "summer-sale".';
    setErrors(found);
    setProblem('');
    setSaved(false);
    if (Object.keys(found).length) return;
    change.mutate(
      {
        kind: 'update',
        id: collection._id as string,
        fields: { name: name.trim(), slug: slug.trim(), description: description || null, visible },
      },
      { onSuccess: () => setSaved(true), onError: (err) => setProblem(`The collection was not saved: ${errorText(err)}`) },
    );
  }

  return (
    <form className="form-section" onSubmit={save} aria-label="Collection" noValidate>
      <TextField label="Name" error={errors.name} value={name} maxLength={80} onChange={setName} />
      <TextField label="Web address (slug)" error={errors.slug} value={slug} maxLength={100} onChange={setSlug} />
      <Field label="Description">
        {(fieldProps) => (
          <textarea
            {...fieldProps}
            rows={3}
            maxLength={16_000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>
      <label className="check">
        <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} /> Shown in the shop
      </label>
      <FormFooter problem={problem} saved={saved} busy={change.isPending} submitLabel="Save changes" />
    </form>
  );
}

function CollectionProducts({ collectionId, name }: { collectionId: string; name: string }) {
  const id = useId();
  const [page, setPage] = useState(1);
  const members = useCollectionProducts(collectionId, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  const change = useCollectionChange();
  const [problem, setProblem] = useState('');
  const run = (collectionChange: CollectionChange) => {
    setProblem('');
    change.mutate(collectionChange, { onError: (err) => setProblem(errorText(err)) });
  };
  const total = members.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section className="form-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Products in {name}</h2>
      <Problem text={problem} />
      {members.isPending ? (
        <p role="status">Loading the products…</p>
      ) : members.isError ? (
        <LoadFailed what="The products" error={members.error} retry={members.refetch} />
      ) : !members.data.products.length ? (
        <p className="muted">No products yet: add some below.</p>
      ) : (
        <>
          <table className="table">
            <tbody>
              {members.data.products.map((product) => (
                <tr key={product._id} data-testid="member-row">
                  <th scope="row">
                    <Link to={`/products/${encodeURIComponent(product._id ?? '')}`}>{product.name}</Link>
                  </th>
                  <td className="num">
                    <button
                      type="button"
                      className="button button--quiet"
                      disabled={change.isPending}
                      onClick={() => run({ kind: 'remove-products', id: collectionId, productIds: [product._id as string] })}
                    >
                      Remove {product.name} from {name}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? (
            <Pager page={page} pages={pages} total={total} noun={['product', 'products']} label={`Pages of ${name}`} goTo={setPage} />
          ) : null}
        </>
      )}
      <AddProducts collectionId={collectionId} name={name} onAdd={run} busy={change.isPending} />
    </section>
  );
}

/** Finds products by name and adds them; a product already in the collection says so. */
function AddProducts({
  collectionId,
  name,
  onAdd,
  busy,
}: {
  collectionId: string;
  name: string;
  onAdd: (change: CollectionChange) => void;
  busy: boolean;
}) {
  const id = useId();
  const { client } = useVitrine();
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const found = useQuery({
    queryKey: ['console', 'collections', 'candidates', term],
    enabled: term.length > 0,
    queryFn: async () =>
      (
        await merchantApi(client).products.queryProducts(
          { filter: { name: { $contains: term } }, sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 10, offset: 0 } },
          { includeHiddenProducts: true },
        )
      ).products ?? [],
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setTerm(draft.trim());
  };
  return (
    <div className="add-products">
      <h3>Add products</h3>
      <search>
        <form className="toolbar__search" onSubmit={search}>
          <label htmlFor={`${id}-q`}>Product name</label>
          <input id={`${id}-q`} type="search" maxLength={100} value={draft} onChange={(event) => setDraft(event.target.value)} />
          <button type="submit" className="button">
            Find
          </button>
        </form>
      </search>
      {found.isFetching ? <p role="status">Searching…</p> : null}
      {found.isError ? <LoadFailed what="The products" error={found.error} retry={found.refetch} /> : null}
      {found.data && !found.data.length ? <p className="muted">No product has “{term}” in its name.</p> : null}
      {found.data?.length ? (
        <ul className="candidates">
          {found.data.map((product) => {
            const member = product.collectionIds?.includes(collectionId);
            return (
              <li key={product._id}>
                <span>{product.name}</span>
                {member ? (
                  <span className="muted">in {name}</span>
                ) : (
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() => onAdd({ kind: 'add-products', id: collectionId, productIds: [product._id as string] })}
                  >
                    Add {product.name}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function DeleteCollection({ collectionId, name }: { collectionId: string; name: string }) {
  const navigate = useNavigate();
  const change = useCollectionChange();
  const [problem, setProblem] = useState('');
  const confirmAndDelete = () => {
    if (!window.confirm(`Delete the collection “${name}”? Its products stay in the shop.`)) return;
    setProblem('');
    change.mutate(
      { kind: 'delete', id: collectionId },
      { onSuccess: () => navigate('/collections', { replace: true }), onError: (err) => setProblem(`Not deleted: ${errorText(err)}`) },
    );
  };
  return (
    <section className="form-section danger-zone" aria-label="Delete the collection">
      <Problem text={problem} />
      <button type="button" className="button button--danger" disabled={change.isPending} onClick={confirmAndDelete}>
        Delete this collection…
      </button>
    </section>
  );
}
