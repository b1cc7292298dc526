/**
 * Builds the storefront (and the SDK build it imports) before the tests when the build is missing or
 * older than its sources, so the tests always serve what the sources say. Skipped when up to date.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const storefront = join(root, 'apps/storefront');
const sdk = join(root, 'packages/sdk');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

/** The newest modification time under these files and directories (0 when none exist). */
function newest(paths: string[]): number {
  let latest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) latest = Math.max(latest, newest([join(path, entry)]));
    } else if (!/\.test\.tsx?$/.test(path)) latest = Math.max(latest, stat.mtimeMs);
  }
  return latest;
}

const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);

export default function setup() {
  const sdkEntry = join(sdk, 'dist/index.js');
  if (mtime(sdkEntry) < newest([join(sdk, 'src'), join(sdk, 'tsconfig.build.json')])) {
    execFileSync(bin('tsc'), ['-p', join(sdk, 'tsconfig.build.json')], { cwd: sdk, stdio: 'inherit' });
  }
  const built = mtime(join(storefront, 'build/server/index.js'));
  const sources = newest([
    join(storefront, 'app'),
    join(storefront, 'public'),
    join(storefront, 'scripts'),
    join(storefront, 'react-router.config.ts'),
    join(storefront, 'vite.config.ts'),
    join(storefront, 'package.json'),
    join(sdk, 'dist'),
  ]);
  if (built < sources) {
    const env = { ...process.env, NODE_ENV: 'production' };
    execFileSync(bin('react-router'), ['build'], { cwd: storefront, stdio: 'pipe', env });
    // as `npm run build` does: the .br/.gz copies the server sends
    execFileSync(process.execPath, [join(storefront, 'scripts/precompress.mjs')], { cwd: storefront, stdio: 'pipe', env });
  }
}
