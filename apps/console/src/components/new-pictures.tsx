import type { PictureDraft } from '../lib/new-product-draft.js';
import { newKey } from '../lib/product-draft.js';
import { Field } from './field.js';

/**
 * A new product's pictures before it exists: files chosen here, each with its alt text (what a screen
 * reader says instead of the picture), uploaded in this order once the product is created.
 */
export function NewPictures({ pictures, onChange }: { pictures: PictureDraft[]; onChange: (pictures: PictureDraft[]) => void }) {
  const add = (files: FileList | null) => {
    const chosen = [...(files ?? [])].map((file) => ({ key: newKey(), file, altText: '' }));
    onChange([...pictures, ...chosen]);
  };
  const change = (key: string, altText: string) =>
    onChange(pictures.map((picture) => (picture.key === key ? { ...picture, altText } : picture)));
  return (
    <fieldset className="form-section">
      <legend>Pictures</legend>
      <p className="muted">The first picture is the main one. Describe each for shoppers who cannot see it.</p>
      {pictures.length ? (
        <ol className="new-pictures">
          {pictures.map((picture) => (
            <li key={picture.key} data-testid="new-picture">
              <span className="new-pictures__name">{picture.file.name}</span>
              <Field label={`Alt text of ${picture.file.name}`} hint="Like “Red kettle on a kitchen table”.">
                {(props) => (
                  <input {...props} value={picture.altText} maxLength={500} onChange={(event) => change(picture.key, event.target.value)} />
                )}
              </Field>
              <button type="button" className="button" onClick={() => onChange(pictures.filter((other) => other.key !== picture.key))}>
                Remove {picture.file.name}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <label className="button">
        Add pictures…
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          className="visually-hidden"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </label>
    </fieldset>
  );
}
