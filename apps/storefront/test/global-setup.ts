/**
 * Builds the storefront (and the SDK and React builds it imports) before the tests when the build is missing or
 * older than its sources, so the tests always serve what the sources say. Skipped when up to date.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bin, freshLibraryBuild, modifiedAt, newestSource, repositoryRoot } from '../../../scripts/fresh-build.js';

const storefront = join(repositoryRoot, 'apps/storefront');

export default function setup() {
  freshLibraryBuild('packages/sdk');
  freshLibraryBuild('packages/react');
  const built = modifiedAt(join(storefront, 'build/server/index.js'));
  const sources = newestSource([
    join(storefront, 'app'),
    join(storefront, 'public'),
    join(storefront, 'scripts'),
    join(storefront, 'react-router.config.ts'),
    join(storefront, 'vite.config.ts'),
    join(storefront, 'package.json'),
    join(repositoryRoot, 'packages/sdk/dist'),
    join(repositoryRoot, 'packages/react/dist'),
    join(repositoryRoot, 'packages/rich-text/dist'),
  ]);
  if (built < sources) {
    const env = { ...process.env, NODE_ENV: 'production' };
    execFileSync(bin('react-router'), ['build'], { cwd: storefront, stdio: 'pipe', env });
    // as `npm run build` does: the .br/.gz copies the server sends
    execFileSync(process.execPath, [join(storefront, 'scripts/precompress.mjs')], { cwd: storefront, stdio: 'pipe', env });
  }
}
