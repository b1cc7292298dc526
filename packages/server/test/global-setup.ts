import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildTemplate, dropTemplate } from './support/template.js';

/**
 * Builds one migrated database template for the whole run: a PGlite data-dir image on disk, or (with
 * DATABASE_URL) a template database on the PostgreSQL server (dropped at the end). Each test then copies it (~0.3 s).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-test-'));
  const template = await buildTemplate(process.env.DATABASE_URL);
  if (template.kind === 'pglite') {
    const file = join(dir, 'template.tar');
    await writeFile(file, Buffer.from(await template.image.arrayBuffer()));
    project.provide('databaseTemplate', { kind: 'pglite', file });
  } else {
    project.provide('databaseTemplate', { kind: 'postgres', url: template.url, name: template.name });
  }
  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (template.kind === 'postgres') await dropTemplate(template.url, template.name);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; name: string };
  }
}
