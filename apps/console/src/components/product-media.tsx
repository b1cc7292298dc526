import type { MediaItem, Product } from '@vitrine/sdk';
import { type DragEvent, type FormEvent, useId, useState } from 'react';
import { errorText } from '../lib/format.js';
import { type MediaChange, useMediaChange } from '../lib/products-admin.js';
import { Problem } from './problem.js';

/** What the server stores (its upload endpoint's list) and how large. */
const ACCEPTED = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/quicktime', 'video/webm'];
const MAX_BYTES = 10 * 1024 * 1024;

/** The files the server would refuse, in words; none: `''`. */
export function refusedFiles(files: File[]): string {
  const wrong = files.filter((f) => !ACCEPTED.includes(f.type)).map((f) => f.name);
  const large = files.filter((f) => ACCEPTED.includes(f.type) && f.size > MAX_BYTES).map((f) => f.name);
  const parts = [];
  if (wrong.length) parts.push(`${wrong.join(', ')}: not a JPEG, PNG, GIF or WebP picture, or an MP4, QuickTime or WebM video`);
  if (large.length) parts.push(`${large.join(', ')}: larger than 10 MB`);
  return parts.join('. ');
}

const preview = (m: MediaItem) => m.thumbnail?.url ?? m.image?.url ?? m.video?.files?.[0]?.url;

/** Every choice of the product: the option's name, the choice's value (what the API names) and its label. */
function choicesOf(product: Product) {
  return (product.productOptions ?? []).flatMap((o) =>
    (o.choices ?? []).map((c) => ({ option: o.name ?? '', choice: c.value ?? '', label: c.description || c.value || '', media: c.media })),
  );
}

/**
 * The product's pictures and videos: dropped or picked files are uploaded in order (the first one is
 * the main picture of a product without one), a picture on the web is linked by its address, and a
 * picture may be tied to a choice (shown when the shopper picks "Red").
 */
export function ProductMedia({ product }: { product: Product }) {
  const id = useId();
  const change = useMediaChange(product._id as string);
  const [problem, setProblem] = useState('');
  const [url, setUrl] = useState('');
  const [dragging, setDragging] = useState(false);
  const items = product.media?.items ?? [];
  const choices = choicesOf(product);

  const run = (c: MediaChange, after?: () => void) => {
    setProblem('');
    change.mutate(c, { onSuccess: after, onError: (e) => setProblem(errorText(e)) });
  };
  const upload = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (!files.length) return;
    const refused = refusedFiles(files);
    if (refused) {
      setProblem(refused);
      return;
    }
    run({ kind: 'upload', files });
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    upload(e.dataTransfer.files);
  };
  const link = (e: FormEvent) => {
    e.preventDefault();
    run({ kind: 'url', url: url.trim() }, () => setUrl(''));
  };

  return (
    <section className="form-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Pictures and videos</h2>
      {items.length ? (
        <ul className="media-grid">
          {items.map((m, i) => {
            const mediaId = m._id ?? '';
            const shownFor = choices.filter((c) => c.media?.items?.some((x) => x._id === mediaId));
            const label = m.title || (m.mediaType === 'video' ? `Video ${i + 1}` : `Picture ${i + 1}`);
            return (
              <li key={mediaId || i} className="media-card" data-testid="media-item">
                {preview(m) ? (
                  <img src={preview(m)} alt={m.image?.altText || label} loading="lazy" />
                ) : (
                  <span className="media-card__none">{label}</span>
                )}
                <span className="media-card__label">
                  {label}
                  {i === 0 ? ' · main' : ''}
                </span>
                {shownFor.map((s) => (
                  <span key={`${s.option}:${s.choice}`} className="chip">
                    {s.option}: {s.label}
                    <button
                      type="button"
                      aria-label={`Stop showing ${label} for ${s.option} ${s.label}`}
                      disabled={change.isPending}
                      onClick={() =>
                        run({ kind: 'hide-for-choice', assignment: { option: s.option, choice: s.choice, mediaIds: [mediaId] } })
                      }
                    >
                      ×
                    </button>
                  </span>
                ))}
                {choices.length ? (
                  <select
                    aria-label={`Show ${label} for a choice`}
                    value=""
                    disabled={change.isPending}
                    onChange={(e) => {
                      const picked = choices[Number(e.target.value)];
                      if (picked)
                        run({ kind: 'show-for-choice', assignment: { option: picked.option, choice: picked.choice, mediaIds: [mediaId] } });
                    }}
                  >
                    <option value="">Show for a choice…</option>
                    {choices.map((c, k) => (
                      <option key={`${c.option}:${c.choice}`} value={k}>
                        {c.option}: {c.label}
                      </option>
                    ))}
                  </select>
                ) : null}
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={change.isPending}
                  onClick={() => run({ kind: 'remove', mediaId })}
                  aria-label={`Remove ${label}`}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">No pictures yet.</p>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds dragging to the file button inside it, which keyboards use */}
      <div
        className={`drop-zone${dragging ? ' drop-zone--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="drop-zone"
      >
        <p>Drop pictures or videos here (JPEG, PNG, GIF, WebP, MP4, QuickTime, WebM; up to 10 MB each), or</p>
        <label className="button" htmlFor={`${id}-files`}>
          Choose files…
        </label>
        <input
          id={`${id}-files`}
          className="visually-hidden"
          type="file"
          multiple
          accept={ACCEPTED.join(',')}
          onChange={(e) => {
            upload(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      <form className="form-row" onSubmit={link} aria-label="Add a picture from the web">
        <div className="field">
          <label htmlFor={`${id}-url`}>Picture address</label>
          <input
            id={`${id}-url`}
            type="url"
            required
            placeholder="https://"
            maxLength={2048}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={change.isPending}>
          Add the picture
        </button>
      </form>
      {change.isPending ? <p role="status">Saving the pictures…</p> : null}
      <Problem text={problem} />
    </section>
  );
}
