import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/platform/db/database.js';
import { adminQuery, dropDatabase, withDatabase } from './template.js';

let image: Promise<Blob> | undefined;

/** A fresh, migrated, empty database copied from the run's template; closing it drops it. */
export async function freshDatabase(options: { statementTimeoutMs?: number; poolSize?: number } = {}): Promise<DatabaseHandle> {
  const response = inject('databaseTemplate');
  if (response.kind === 'pglite') {
    image ??= readFile(response.file).then((chunk) => new Blob([chunk]));
    return openDatabase({ kind: 'pglite', image: await image });
  }
  const name = `vitrine_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(response.url, `CREATE DATABASE ${name} TEMPLATE ${response.name}`);
  const databaseHandle = await openDatabase({ kind: 'postgres', url: withDatabase(response.url, name), poolSize: 5, ...options });
  return {
    ...databaseHandle,
    async close() {
      await databaseHandle.close();
      await dropDatabase(response.url, name);
    },
  };
}
