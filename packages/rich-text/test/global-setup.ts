import { freshLibraryBuild } from '../../../scripts/fresh-build.js';

/**
 * Compiles the package when its build is older than its source: the server's code imports it as a
 * package, so `vitrine` processes that tests start from source (tsx) and the storefront's build load
 * its build, not its source.
 */
export default function setup() {
  freshLibraryBuild('packages/rich-text');
}
