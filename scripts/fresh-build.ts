/**
 * Builds that the tests need, redone only when older than their sources: the tests then always run
 * what the sources say, and cost nothing when `npm run build` is current (as in CI).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('../', import.meta.url));

/** A command installed in the repository's node_modules/.bin. */
export const bin = (name: string) => join(repositoryRoot, 'node_modules/.bin', name);

/** The newest modification time under these files and directories, tests aside (0 when none exist). */
export function newestSource(paths: string[]): number {
  let latest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) latest = Math.max(latest, newestSource([join(path, entry)]));
    } else if (!/\.test\.tsx?$/.test(path)) latest = Math.max(latest, stat.mtimeMs);
  }
  return latest;
}

/** When a file was last written (0 when it does not exist). */
export const modifiedAt = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Compiles a library workspace (packages/sdk, packages/react, packages/rich-text) when its dist is older than its src. */
export function freshLibraryBuild(workspace: 'packages/sdk' | 'packages/react' | 'packages/rich-text'): void {
  const dir = join(repositoryRoot, workspace);
  if (modifiedAt(join(dir, 'dist/index.js')) >= newestSource([join(dir, 'src'), join(dir, 'tsconfig.build.json')])) return;
  execFileSync(bin('tsc'), ['-p', join(dir, 'tsconfig.build.json')], { cwd: dir, stdio: 'inherit' });
}
