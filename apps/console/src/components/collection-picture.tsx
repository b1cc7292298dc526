import type { Collection } from '@vitrine/sdk';
import { type FormEvent, useId, useState } from 'react';
import { pictureOf, pictureUrlOf } from '../lib/collection-picture.js';
import { useCollectionChange } from '../lib/collections-admin.js';
import { errorText } from '../lib/format.js';
import { PICTURES, refusedFiles } from '../lib/media-files.js';
import { WebAddressField } from './field.js';
import { Problem } from './problem.js';

/**
 * The collection's picture, as the shop shows it on its tile and in shared links: shown here, set by
 * uploading a file or by a picture's address on the web, and removed.
 */
export function CollectionPicture({ collection }: { collection: Collection }) {
  const id = useId();
  const change = useCollectionChange();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState('');
  const [problem, setProblem] = useState('');
  const picture = pictureOf(collection);
  const name = collection.name ?? '';

  const set = (next: File | string | null, after?: () => void) => {
    setProblem('');
    change.mutate(
      { kind: 'set-picture', id: collection._id as string, current: collection.media, picture: next },
      { onSuccess: after, onError: (error) => setProblem(`The picture was not saved: ${errorText(error)}`) },
    );
  };
  const upload = (list: FileList | null) => {
    const file = list?.[0];
    if (!file) return;
    const refused = refusedFiles([file], PICTURES);
    if (refused) setProblem(refused);
    else set(file);
  };
  const link = (event: FormEvent) => {
    event.preventDefault();
    const typed = pictureUrlOf(url);
    setUrlError('error' in typed ? typed.error : '');
    if ('value' in typed) set(typed.value, () => setUrl(''));
  };

  return (
    <section className="form-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Picture</h2>
      {picture ? (
        <figure className="collection-picture" data-testid="collection-picture">
          <img src={picture.image?.url} alt={picture.image?.altText || `The picture of ${name}`} />
          <figcaption className="muted">Shown on the collection’s tile in the shop and in shared links.</figcaption>
        </figure>
      ) : (
        <p className="muted">No picture: the shop shows the collection’s name alone.</p>
      )}
      <div className="form-row collection-picture__actions">
        {/* the file input is hidden behind its label; the label shows its focus */}
        <span className="file-button">
          <label className="button" htmlFor={`${id}-file`}>
            {picture ? 'Upload another picture…' : 'Upload a picture…'}
          </label>
          <input
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept={PICTURES.types.join(',')}
            disabled={change.isPending}
            onChange={(event) => {
              upload(event.target.files);
              event.target.value = '';
            }}
          />
        </span>
        {picture ? (
          <button type="button" className="button button--quiet" disabled={change.isPending} onClick={() => set(null)}>
            Remove the picture
          </button>
        ) : null}
      </div>
      <form className="form-row" onSubmit={link} aria-label="Use a picture from the web" noValidate>
        <WebAddressField
          label="Picture address"
          hint="JPEG, PNG, GIF or WebP, on the web (https://…)."
          value={url}
          onChange={setUrl}
          error={urlError}
        />
        <button type="submit" className="button" disabled={change.isPending}>
          Use this picture
        </button>
      </form>
      {change.isPending ? <p role="status">Saving the picture…</p> : null}
      <Problem text={problem} />
    </section>
  );
}
