import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/platform/db/database.js';
import { adminQuery, dropDatabase, withDatabase } from './template.js';

let image: Promise<Blob> | undefined;

/** A fresh, migrated, empty database copied from the run's template; closing it drops it. */
export async function freshDatabase(options: { statementTimeoutMs?: number; poolSize?: number } = {}): Promise<DatabaseHandle> {
  const t = inject('databaseTemplate');
  if (t.kind === 'pglite') {
    image ??= readFile(t.file).then((b) => new Blob([b]));
    return openDatabase({ kind: 'pglite', image: await image });
  }
  const name = `vitrine_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(t.url, `CREATE DATABASE ${name} TEMPLATE ${t.name}`);
  const h = await openDatabase({ kind: 'postgres', url: withDatabase(t.url, name), poolSize: 5, ...options });
  return {
    ...h,
    async close() {
      await h.close();
      await dropDatabase(t.url, name);
    },
  };
}
