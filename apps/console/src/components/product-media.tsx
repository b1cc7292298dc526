import type { MediaItem, Product } from '@vitrine/sdk';
import { type DragEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { errorText } from '../lib/format.js';
import { PICTURES_AND_VIDEOS, refusedFiles } from '../lib/media-files.js';
import { movedOrder, placeText } from '../lib/media-order.js';
import { type MediaChange, useMediaChange } from '../lib/products-admin.js';
import { DropZone } from './drop-zone.js';
import { type ChoiceRef, MediaCard, type MoveDirection } from './media-card.js';
import { Problem } from './problem.js';

/** Every choice of the product: the option's name, the choice's value (what the API names) and its label. */
function choicesOf(product: Product): ChoiceRef[] {
  return (product.productOptions ?? []).flatMap((productOption) =>
    (productOption.choices ?? []).map((choice) => ({
      option: productOption.name ?? '',
      choice: choice.value ?? '',
      label: choice.description || choice.value || '',
      media: choice.media,
    })),
  );
}

const labelOf = (item: MediaItem, i: number) => item.title || (item.mediaType === 'video' ? `Video ${i + 1}` : `Picture ${i + 1}`);

/** The type a dragged card carries: a file dragged in from elsewhere has none of it. */
const CARD = 'application/x-vitrine-media-id';

/**
 * The product's pictures and videos: dropped or picked files are uploaded in order (the first one is
 * the main picture of a product without one), a picture on the web is linked by its address, a
 * picture may be tied to a choice (shown when the shopper picks "Red"), and the order is changed by a
 * card's Move buttons or by dragging it onto another card; the list shows the order the server then has.
 */
export function ProductMedia({ product }: { product: Product }) {
  const id = useId();
  const change = useMediaChange(product._id as string);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [url, setUrl] = useState('');
  const [cardFrom, setCardFrom] = useState<number>();
  const [cardOver, setCardOver] = useState<number>();
  const [refocus, setRefocus] = useState<{ mediaId: string; direction: MoveDirection }>();
  const items = product.media?.items ?? [];
  const ids = items.map((item) => item._id ?? '');
  const choices = choicesOf(product);

  // A Move button is disabled while saving and its card changes place: once the server's order is
  // shown, the focus goes back to it (or to the other one when the card reached an end).
  useEffect(() => {
    if (!refocus || change.isPending) return;
    const button = (direction: MoveDirection) =>
      document.getElementById(`${id}-${direction}-${refocus.mediaId}`) as HTMLButtonElement | null;
    const same = button(refocus.direction);
    (same && !same.disabled ? same : button(refocus.direction === 'earlier' ? 'later' : 'earlier'))?.focus();
    setRefocus(undefined);
  }, [refocus, change.isPending, id]);

  const run = (mediaChange: MediaChange, then: { onSuccess?: () => void; onSettled?: () => void } = {}) => {
    setProblem('');
    setDone('');
    change.mutate(mediaChange, { ...then, onError: (error) => setProblem(errorText(error)) });
  };
  const reorder = (from: number, to: number, then: { onSettled?: () => void } = {}) => {
    const mediaIds = movedOrder(ids, from, to);
    if (mediaIds) run({ kind: 'reorder', mediaIds }, { ...then, onSuccess: () => setDone(placeText(to, ids.length)) });
  };
  const move = (index: number, direction: MoveDirection) => {
    const mediaId = ids[index] as string;
    reorder(index, direction === 'earlier' ? index - 1 : index + 1, { onSettled: () => setRefocus({ mediaId, direction }) });
  };
  const endCardDrag = () => {
    setCardFrom(undefined);
    setCardOver(undefined);
  };
  /** A card's drag-and-drop: dragged onto another card, it takes that card's place. */
  const cardDrag = (index: number) => ({
    draggable: !change.isPending && ids.length > 1,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(CARD, ids[index] as string);
      setCardFrom(index);
    },
    onDragOver: (event: DragEvent) => {
      if (cardFrom === undefined || !event.dataTransfer.types.includes(CARD)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setCardOver(index);
    },
    onDrop: (event: DragEvent) => {
      if (cardFrom === undefined || !event.dataTransfer.types.includes(CARD)) return;
      event.preventDefault();
      reorder(cardFrom, index);
      endCardDrag();
    },
    onDragEnd: endCardDrag,
  });
  const cardClass = (i: number) =>
    cardFrom === i ? 'media-card--dragged' : cardOver === i && cardFrom !== undefined ? 'media-card--target' : '';
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
  const link = (event: FormEvent) => {
    event.preventDefault();
    run({ kind: 'url', url: url.trim() }, { onSuccess: () => setUrl('') });
  };

  return (
    <section className="form-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Pictures and videos</h2>
      {items.length ? (
        <>
          {items.length > 1 ? (
            <p id={`${id}-order`} className="muted">
              The first is the main picture. Drag a picture onto another to put it there, or use its arrows.
            </p>
          ) : null}
          <ul className="media-grid" aria-describedby={items.length > 1 ? `${id}-order` : undefined}>
            {items.map((item, i) => (
              <MediaCard
                key={ids[i] || i}
                item={item}
                index={i}
                count={items.length}
                label={labelOf(item, i)}
                choices={choices}
                busy={change.isPending}
                run={run}
                move={(direction) => move(i, direction)}
                moveButtonId={(direction) => `${id}-${direction}-${ids[i]}`}
                drag={cardDrag(i)}
                className={cardClass(i)}
              />
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">No pictures yet.</p>
      )}
      <DropZone onFiles={upload} testId="drop-zone">
        <p>Drop pictures or videos here (JPEG, PNG, GIF, WebP, MP4, QuickTime, WebM; up to 10 MB each), or</p>
        <label className="button" htmlFor={`${id}-files`}>
          Choose files…
        </label>
        <input
          id={`${id}-files`}
          className="visually-hidden"
          type="file"
          multiple
          accept={PICTURES_AND_VIDEOS.types.join(',')}
          onChange={(event) => {
            upload(event.target.files);
            event.target.value = '';
          }}
        />
      </DropZone>
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
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={change.isPending}>
          Add the picture
        </button>
      </form>
      <p role="status">{change.isPending ? 'Saving the pictures…' : done}</p>
      <Problem text={problem} />
    </section>
  );
}
