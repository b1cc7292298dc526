/**
 * Uploaded media files: checked against their declared type (image sizes read from the header),
 * written under the media directory, recorded in `media_files`, and found again to be served.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import { looksLikeVideo, readImageHeader } from './image-header.js';
import { CatalogWriteErrors } from './write-errors.js';
import type { UploadedFile } from './write-schemas.js';
import * as store from './write-store.js';

/** Content types accepted for upload. */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/quicktime', 'video/webm'] as const;
/** The largest upload accepted, in bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const ID = /^[0-9a-f]{24}$/;

/** Where an uploaded file is served: `<publicUrl>/media/<id>/<file name>`. */
export function mediaFileUrl(publicUrl: string, id: string, fileName: string): string {
  return `${publicUrl}/media/${id}/${encodeURIComponent(fileName)}`;
}

/** A stored file to serve. */
export interface MediaFileToServe {
  path: string;
  contentType: string;
  size: number;
}

/** The shop's uploaded media files. */
export class MediaStore {
  constructor(private readonly deps: { db: Kysely<Database>; dir: string; publicUrl: string }) {}

  /**
   * Stores an upload and answers its id, URL, size and `wix:` URI.
   * @throws DomainError UNSUPPORTED_MEDIA_TYPE (a type not in UPLOAD_TYPES), INVALID_MEDIA_FILE (bytes not of the declared type)
   */
  async upload(bytes: Buffer, declaredType: string, fileName: string): Promise<UploadedFile> {
    const type = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!(UPLOAD_TYPES as readonly string[]).includes(type))
      throw new DomainError(CatalogWriteErrors.UNSUPPORTED_MEDIA_TYPE, { contentType: type });
    const image = type.startsWith('image/') ? readImageHeader(bytes) : undefined;
    const valid = type.startsWith('image/') ? image?.type === type : looksLikeVideo(bytes, type);
    if (!valid) throw new DomainError(CatalogWriteErrors.INVALID_MEDIA_FILE, { contentType: type });

    const id = randomBytes(12).toString('hex');
    await mkdir(this.deps.dir, { recursive: true });
    const path = join(this.deps.dir, id);
    // Written aside and renamed: a file is either absent or whole.
    await writeFile(`${path}.part`, bytes);
    await rename(`${path}.part`, path);
    try {
      await store.insertMediaFile(this.deps.db, {
        id,
        file_name: fileName,
        content_type: type,
        size_bytes: bytes.length,
        width: image?.width ?? null,
        height: image?.height ?? null,
        storage_key: id,
      });
    } catch (error) {
      await unlink(path).catch(() => undefined);
      throw error;
    }
    const name = encodeURIComponent(fileName);
    return {
      id,
      url: mediaFileUrl(this.deps.publicUrl, id, fileName),
      mediaType: image ? 'image' : 'video',
      ...(image ? { width: image.width, height: image.height } : {}),
      wixUri: image
        ? `wix:image://v1/${id}/${name}#originWidth=${image.width}&originHeight=${image.height}`
        : `wix:video://v1/${id}/${name}`,
    };
  }

  /**
   * Deletes uploads nothing refers to yet: the pictures a failed import fetched (the caller knows
   * they are its own). Rows first: a file left by a crash between the two is never served.
   */
  async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const keys = await store.deleteMediaFiles(this.deps.db, ids);
    await Promise.all(keys.map((key) => unlink(join(this.deps.dir, key)).catch(() => undefined)));
  }

  /**
   * Deletes one upload and its file, unless something still shows it: a product's or collection's
   * picture, by id or URL (an upload left behind by a create that failed, say).
   * @throws DomainError MEDIA_FILE_NOT_FOUND, MEDIA_FILE_IN_USE
   */
  async delete(id: string): Promise<void> {
    if (!ID.test(id) || !(await store.findMediaFile(this.deps.db, id))) {
      throw new DomainError(CatalogWriteErrors.MEDIA_FILE_NOT_FOUND, { id });
    }
    if (await store.mediaFileInUse(this.deps.db, id)) throw new DomainError(CatalogWriteErrors.MEDIA_FILE_IN_USE, { id });
    await this.remove([id]);
  }

  /** The stored file with this id and name, or undefined. */
  async find(id: string, fileName: string): Promise<MediaFileToServe | undefined> {
    if (!ID.test(id)) return undefined;
    const row = await store.findMediaFile(this.deps.db, id);
    if (!row || row.file_name !== fileName) return undefined;
    return { path: join(this.deps.dir, row.storage_key), contentType: row.content_type, size: Number(row.size_bytes) };
  }
}
