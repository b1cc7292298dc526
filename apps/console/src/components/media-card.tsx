import type { Media, MediaItem } from '@vitrine/sdk';
import type { HTMLAttributes } from 'react';
import type { MediaChange } from '../lib/products-admin.js';
import { MediaAltText } from './media-alt-text.js';

/** A choice of the product as the API names it (option name, choice value), its label and its media. */
export interface ChoiceRef {
  option: string;
  choice: string;
  label: string;
  media?: Media;
}

export type MoveDirection = 'earlier' | 'later';

const preview = (item: MediaItem) => item.thumbnail?.url ?? item.image?.url ?? item.video?.files?.[0]?.url;

/**
 * One picture or video of the product: its preview and place (the first is the main picture), the
 * choices it shows for, and its buttons: move earlier or later (the keyboard's way to reorder; the
 * card itself can be dragged), show for a choice, remove; a picture's alt text is edited on the card.
 */
export function MediaCard({
  item,
  index,
  count,
  label,
  choices,
  busy,
  run,
  move,
  moveButtonId,
  drag,
  className = '',
}: {
  item: MediaItem;
  index: number;
  count: number;
  label: string;
  choices: ChoiceRef[];
  busy: boolean;
  run: (change: MediaChange, then?: { onSuccess?: () => void }) => void;
  move: (direction: MoveDirection) => void;
  /** the id of a Move button, so the list can put the focus back on it once the new order is shown */
  moveButtonId: (direction: MoveDirection) => string;
  /** the drag-and-drop handlers of the list */
  drag: HTMLAttributes<HTMLLIElement> & { draggable: boolean };
  className?: string;
}) {
  const mediaId = item._id ?? '';
  const shownFor = choices.filter((choice) => choice.media?.items?.some((mediaItem) => mediaItem._id === mediaId));
  const src = preview(item);
  return (
    <li className={`media-card ${className}`} data-testid="media-item" data-media-id={mediaId} {...drag}>
      {src ? (
        <img src={src} alt={item.image?.altText || label} loading="lazy" draggable={false} />
      ) : (
        <span className="media-card__none">{label}</span>
      )}
      <span className="media-card__label">
        {label}
        {index === 0 ? ' · main' : ''}
      </span>
      {count > 1 ? (
        <span className="media-card__move">
          <button
            type="button"
            id={moveButtonId('earlier')}
            className="button button--quiet"
            aria-label={`Move ${label} earlier`}
            disabled={busy || index === 0}
            onClick={() => move('earlier')}
          >
            ←
          </button>
          <button
            type="button"
            id={moveButtonId('later')}
            className="button button--quiet"
            aria-label={`Move ${label} later`}
            disabled={busy || index === count - 1}
            onClick={() => move('later')}
          >
            →
          </button>
        </span>
      ) : null}
      {item.image ? <MediaAltText mediaId={mediaId} label={label} saved={item.image.altText ?? ''} busy={busy} run={run} /> : null}
      {shownFor.map((choice) => (
        <span key={`${choice.option}:${choice.choice}`} className="chip">
          {choice.option}: {choice.label}
          <button
            type="button"
            aria-label={`Stop showing ${label} for ${choice.option} ${choice.label}`}
            disabled={busy}
            onClick={() =>
              run({ kind: 'hide-for-choice', assignment: { option: choice.option, choice: choice.choice, mediaIds: [mediaId] } })
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
          disabled={busy}
          onChange={(event) => {
            const picked = choices[Number(event.target.value)];
            if (picked) run({ kind: 'show-for-choice', assignment: { option: picked.option, choice: picked.choice, mediaIds: [mediaId] } });
          }}
        >
          <option value="">Show for a choice…</option>
          {choices.map((choice, k) => (
            <option key={`${choice.option}:${choice.choice}`} value={k}>
              {choice.option}: {choice.label}
            </option>
          ))}
        </select>
      ) : null}
      <button
        type="button"
        className="button button--quiet"
        disabled={busy}
        onClick={() => run({ kind: 'remove', mediaId })}
        aria-label={`Remove ${label}`}
      >
        Remove
      </button>
    </li>
  );
}
