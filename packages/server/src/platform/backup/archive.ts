/**
 * The backup file of an embedded shop: a gzip'd tar of `vitrine-backup.json` (what the archive holds,
 * with the SHA-256 of the database image) and `database.tar`, PGlite's dump of its data directory.
 * Media files live in that directory by default (`<VITRINE_DATA_DIR>/media`), so the image holds them.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';

const MANIFEST = 'vitrine-backup.json';
const DATABASE = 'database.tar';

const Manifest = z.object({
  format: z.literal('vitrine-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  /** the migrations the database had applied */
  migrations: z.array(z.string()),
  database: z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
});
export type BackupManifest = z.infer<typeof Manifest>;

/** A snapshot of the embedded database: its data directory as PGlite dumps it, and its migrations. */
export interface Snapshot {
  image: Uint8Array;
  migrations: string[];
}

/** A file that is not a backup this version can restore; the message says what is wrong. */
export class InvalidBackup extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidBackup';
  }
}

/** The backup file's bytes, as a stream (manifest first, then the image). */
export function backupStream(snapshot: Snapshot, now = new Date()): Readable {
  const manifest: BackupManifest = {
    format: 'vitrine-backup',
    version: 1,
    createdAt: now.toISOString(),
    migrations: snapshot.migrations,
    database: { bytes: snapshot.image.byteLength, sha256: sha256(snapshot.image) },
  };
  const pack = tar.pack();
  pack.entry({ name: MANIFEST }, JSON.stringify(manifest, null, 2));
  pack.entry({ name: DATABASE }, Buffer.from(snapshot.image.buffer, snapshot.image.byteOffset, snapshot.image.byteLength));
  pack.finalize();
  return pack.pipe(createGzip());
}

/**
 * Reads and checks a backup: gzip and tar intact, the manifest of this format, the image present with
 * the size and SHA-256 the manifest names.
 * @throws InvalidBackup saying what is wrong
 */
export async function readBackup(file: Uint8Array): Promise<{ manifest: BackupManifest; image: Buffer }> {
  let tarBytes: Buffer;
  try {
    tarBytes = await promisify(gunzip)(file);
  } catch (error) {
    throw new InvalidBackup(`not a readable backup (gzip): ${(error as Error).message}`, { cause: error });
  }
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      entries.set(header.name, Buffer.concat(chunks));
      next();
    });
  });
  try {
    await pipeline(Readable.from([tarBytes]), extract);
  } catch (error) {
    throw new InvalidBackup(`not a readable backup (tar): ${(error as Error).message}`, { cause: error });
  }
  const manifestText = entries.get(MANIFEST);
  if (!manifestText) throw new InvalidBackup(`not a Vitrine backup: ${MANIFEST} is missing`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestText.toString('utf8'));
  } catch (error) {
    throw new InvalidBackup(`${MANIFEST} is not JSON`, { cause: error });
  }
  const manifest = Manifest.safeParse(parsed);
  if (!manifest.success) throw new InvalidBackup(`${MANIFEST} is not a manifest this version reads: ${manifest.error.message}`);
  const image = entries.get(DATABASE);
  const expected = manifest.data.database;
  if (!image) throw new InvalidBackup(`the backup has no ${DATABASE}`);
  if (image.byteLength !== expected.bytes || sha256(image) !== expected.sha256)
    throw new InvalidBackup(
      `${DATABASE} is damaged: ${image.byteLength} bytes with SHA-256 ${sha256(image)}, the manifest says ${expected.bytes} bytes with ${expected.sha256}`,
    );
  return { manifest: manifest.data, image };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
