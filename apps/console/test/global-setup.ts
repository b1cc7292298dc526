/**
 * Builds the console (and the SDK and React builds it imports) before the tests when the build is
 * missing or older than its sources: the server mounts apps/console/dist. Skipped when up to date.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bin, freshLibraryBuild, modifiedAt, newestSource, repositoryRoot } from '../../../scripts/fresh-build.js';

const consoleApp = join(repositoryRoot, 'apps/console');

export default function setup() {
  freshLibraryBuild('packages/sdk');
  freshLibraryBuild('packages/react');
  const built = modifiedAt(join(consoleApp, 'dist/index.html'));
  const sources = newestSource([
    join(consoleApp, 'src'),
    join(consoleApp, 'index.html'),
    join(consoleApp, 'public'),
    join(consoleApp, 'vite.config.ts'),
    join(consoleApp, 'package.json'),
    join(repositoryRoot, 'packages/sdk/dist'),
    join(repositoryRoot, 'packages/react/dist'),
  ]);
  if (built < sources) {
    execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], {
      cwd: consoleApp,
      stdio: 'pipe',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
