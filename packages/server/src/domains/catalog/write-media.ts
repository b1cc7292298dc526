/** Product media writes: items by URL or uploaded file, their order, and their assignment to option choices. */
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { DomainError, type FieldViolation, ValidationFailure } from '../../platform/errors.js';
import type { EventIdentity } from '../events/event-identity.js';
import { mediaFileUrl } from './media-store.js';
import type { StoredOption } from './product-rules.js';
import { type CatalogWriteDeps, mutateProduct } from './write-context.js';
import { CatalogWriteErrors } from './write-errors.js';
import type { ChoiceMediaInput, MediaForWrite } from './write-schemas.js';
import * as store from './write-store.js';

/** A product media item as stored in `products.media` (the wire's `media.items[]`). */
interface StoredMediaItem {
  id: string;
  mediaType: 'image' | 'video';
  image?: { url: string; width?: number; height?: number; altText?: string };
  video?: { files: { url: string; width?: number; height?: number }[] };
}

type ChoiceMedia = { mainMedia?: StoredMediaItem; items: StoredMediaItem[] };

const VIDEO_URL = /\.(mp4|m4v|mov|webm)(?:[?#]|$)/i;

/** A media item for a URL, stored as given (a video when its path says so). */
function itemForUrl(url: string): StoredMediaItem {
  const id = crypto.randomUUID();
  return VIDEO_URL.test(url) ? { id, mediaType: 'video', video: { files: [{ url }] } } : { id, mediaType: 'image', image: { url } };
}

/** `{mainMedia, items}` of a choice with `items` added or removed. */
function choiceMedia(current: ChoiceMedia | undefined, items: StoredMediaItem[], mode: 'add' | 'remove'): ChoiceMedia | undefined {
  const before = current?.items ?? [];
  const ids = new Set(items.map((item) => item.id));
  const after =
    mode === 'add'
      ? [...before, ...items.filter((item) => !before.some((stored) => stored.id === item.id))]
      : before.filter((stored) => !ids.has(stored.id));
  return after.length ? { mainMedia: after[0], items: after } : undefined;
}

/**
 * Options whose every choice that shows media has it turned by `change` (undefined: the choice shows
 * none any more); choices without media stay as they are.
 */
function withEachChoiceMedia(options: StoredOption[], change: (media: ChoiceMedia) => ChoiceMedia | undefined): StoredOption[] {
  return options.map((option) => ({
    ...option,
    choices: option.choices.map((choice) => {
      if (!choice.media) return choice;
      const changed = change(choice.media as ChoiceMedia);
      if (changed) return { ...choice, media: changed };
      const { media: _gone, ...rest } = choice;
      return rest;
    }),
  }));
}

/** Options with one choice's media changed; a violation when the option or choice does not exist. */
function withChoiceMedia(
  options: StoredOption[],
  target: { option: string; choice: string },
  items: StoredMediaItem[],
  mode: 'add' | 'remove',
  field: string,
  violations: FieldViolation[],
): StoredOption[] {
  const option = options.find((candidate) => candidate.name === target.option);
  if (!option) {
    violations.push({ field: `${field}.option`, description: 'is not an option of the product', violatedRule: 'VALIDATION' });
    return options;
  }
  if (!option.choices.some((choice) => choice.value === target.choice)) {
    violations.push({ field: `${field}.choice`, description: `is not a choice of option ${target.option}`, violatedRule: 'VALIDATION' });
    return options;
  }
  return options.map((stored) =>
    stored !== option
      ? stored
      : {
          ...stored,
          choices: stored.choices.map((choice) => {
            if (choice.value !== target.choice) return choice;
            const { media: _old, ...rest } = choice;
            const media = choiceMedia(choice.media as ChoiceMedia | undefined, items, mode);
            return media ? { ...rest, media } : rest;
          }),
        },
  );
}

/**
 * Adds media items: a URL is stored as given, an uploaded file becomes an item with its size; an
 * item with a `choice` is also that choice's media. An uploaded file already on the product is not added twice.
 * @throws DomainError PRODUCT_NOT_FOUND, MEDIA_FILE_NOT_FOUND; ValidationFailure for an unknown option or choice
 */
export async function addProductMedia(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  id: string,
  input: MediaForWrite[],
  who: EventIdentity,
): Promise<void> {
  const fileIds = input.flatMap((media) => (media.mediaId ? [media.mediaId] : []));
  const files = new Map((await store.findMediaFiles(trx, fileIds)).map((file) => [file.id, file]));
  await mutateProduct(deps, trx, id, who, (row) => {
    const items = [...(row.media as StoredMediaItem[])];
    let options = row.product_options as StoredOption[];
    const violations: FieldViolation[] = [];
    for (const [i, media] of input.entries()) {
      let item: StoredMediaItem;
      if (media.mediaId) {
        const file = files.get(media.mediaId);
        if (!file) throw new DomainError(CatalogWriteErrors.MEDIA_FILE_NOT_FOUND, { mediaId: media.mediaId });
        const url = mediaFileUrl(deps.view.publicUrl, file.id, file.file_name);
        const size = file.width && file.height ? { width: file.width, height: file.height } : {};
        item = file.content_type.startsWith('video/')
          ? { id: file.id, mediaType: 'video', video: { files: [{ url, ...size }] } }
          : { id: file.id, mediaType: 'image', image: { url, ...size } };
      } else {
        item = itemForUrl(media.url as string);
      }
      if (media.altText && item.image) item.image.altText = media.altText;
      const already = items.find((existing) => existing.id === item.id);
      if (!already) items.push(item);
      if (media.choice) options = withChoiceMedia(options, media.choice, [already ?? item], 'add', `media[${i}].choice`, violations);
    }
    if (violations.length) throw new ValidationFailure(violations);
    return { patch: { media: JSON.stringify(items), product_options: JSON.stringify(options) } };
  });
}

/** Removes media items from the product and from every choice. @throws DomainError PRODUCT_NOT_FOUND, PRODUCT_MEDIA_NOT_FOUND */
export async function removeProductMedia(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  id: string,
  mediaIds: string[],
  who: EventIdentity,
): Promise<void> {
  await mutateProduct(deps, trx, id, who, (row) => {
    const items = row.media as StoredMediaItem[];
    const missing = mediaIds.find((mediaId) => !items.some((item) => item.id === mediaId));
    if (missing) throw new DomainError(CatalogWriteErrors.PRODUCT_MEDIA_NOT_FOUND, { mediaId: missing });
    const gone = items.filter((item) => mediaIds.includes(item.id));
    const options = withEachChoiceMedia(row.product_options as StoredOption[], (media) => choiceMedia(media, gone, 'remove'));
    return {
      patch: { media: JSON.stringify(items.filter((item) => !mediaIds.includes(item.id))), product_options: JSON.stringify(options) },
    };
  });
}

/**
 * Assigns existing product media to option choices, or unassigns it.
 * @throws DomainError PRODUCT_NOT_FOUND, PRODUCT_MEDIA_NOT_FOUND; ValidationFailure for an unknown option or choice
 */
export async function assignChoiceMedia(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  id: string,
  assignments: ChoiceMediaInput[],
  who: EventIdentity,
  mode: 'add' | 'remove',
): Promise<void> {
  await mutateProduct(deps, trx, id, who, (row) => {
    const items = row.media as StoredMediaItem[];
    let options = row.product_options as StoredOption[];
    const violations: FieldViolation[] = [];
    for (const [i, assignment] of assignments.entries()) {
      const chosen = assignment.mediaIds.map((mid) => {
        const item = items.find((candidate) => candidate.id === mid);
        if (!item) throw new DomainError(CatalogWriteErrors.PRODUCT_MEDIA_NOT_FOUND, { mediaId: mid });
        return item;
      });
      options = withChoiceMedia(options, assignment, chosen, mode, `media[${i}]`, violations);
    }
    if (violations.length) throw new ValidationFailure(violations);
    return { patch: { product_options: JSON.stringify(options) } };
  });
}

/**
 * Sets a picture's alt text (empty: removes it), on the product's item and on its copies in the
 * choices that show it.
 * @throws DomainError PRODUCT_NOT_FOUND, PRODUCT_MEDIA_NOT_FOUND (also for a video, which has no alt text)
 */
export async function setMediaAltText(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  id: string,
  mediaId: string,
  altText: string,
  who: EventIdentity,
): Promise<void> {
  await mutateProduct(deps, trx, id, who, (row) => {
    const items = row.media as StoredMediaItem[];
    if (!items.some((item) => item.id === mediaId && item.image))
      throw new DomainError(CatalogWriteErrors.PRODUCT_MEDIA_NOT_FOUND, { mediaId });
    const described = (item: StoredMediaItem): StoredMediaItem => {
      if (item.id !== mediaId || !item.image) return item;
      const { altText: _old, ...image } = item.image;
      return { ...item, image: altText ? { ...image, altText } : image };
    };
    const options = withEachChoiceMedia(row.product_options as StoredOption[], (media) => ({
      ...media,
      mainMedia: media.mainMedia && described(media.mainMedia),
      items: media.items.map(described),
    }));
    return { patch: { media: JSON.stringify(items.map(described)), product_options: JSON.stringify(options) } };
  });
}

/**
 * Puts the product's media in the order given; the first becomes the main media. `mediaIds` must be
 * exactly the product's media ids, each once: a list read before another tab added or removed an
 * item is refused rather than silently dropping or keeping that item. Each choice keeps its media,
 * in the product's new order (its first is the choice's main media).
 * @throws DomainError PRODUCT_NOT_FOUND; ValidationFailure when `mediaIds` is not an ordering of the product's media ids
 */
export async function reorderProductMedia(
  deps: CatalogWriteDeps,
  trx: Transaction<Database>,
  id: string,
  mediaIds: string[],
  who: EventIdentity,
): Promise<void> {
  await mutateProduct(deps, trx, id, who, (row) => {
    const items = row.media as StoredMediaItem[];
    checkOrdering(items, mediaIds);
    const rank = new Map(mediaIds.map((mediaId, i) => [mediaId, i]));
    const byRank = (left: StoredMediaItem, right: StoredMediaItem) => (rank.get(left.id) ?? 0) - (rank.get(right.id) ?? 0);
    const options = withEachChoiceMedia(row.product_options as StoredOption[], (media) => {
      const sorted = [...media.items].sort(byRank);
      return { mainMedia: sorted[0], items: sorted };
    });
    return { patch: { media: JSON.stringify([...items].sort(byRank)), product_options: JSON.stringify(options) } };
  });
}

/** `mediaIds` names every item of `items` once and nothing else. @throws ValidationFailure naming each stray, repeated and missing id */
function checkOrdering(items: StoredMediaItem[], mediaIds: string[]): void {
  const known = new Set(items.map((item) => item.id));
  const violations: FieldViolation[] = [];
  mediaIds.forEach((mediaId, i) => {
    if (!known.has(mediaId)) {
      violations.push({
        field: `mediaIds[${i}]`,
        description: 'is not a media item of the product',
        violatedRule: 'VALIDATION',
        data: { mediaId: mediaId },
      });
    } else if (mediaIds.indexOf(mediaId) !== i) {
      violations.push({
        field: `mediaIds[${i}]`,
        description: 'repeats a media id',
        violatedRule: 'VALIDATION',
        data: { mediaId: mediaId },
      });
    }
  });
  const listed = new Set(mediaIds);
  const missing = items.filter((item) => !listed.has(item.id)).map((item) => item.id);
  if (missing.length) {
    violations.push({
      field: 'mediaIds',
      description: `must list every media item of the product once; missing: ${missing.join(', ')}`,
      violatedRule: 'VALIDATION',
      data: { missing },
    });
  }
  if (violations.length) throw new ValidationFailure(violations);
}
