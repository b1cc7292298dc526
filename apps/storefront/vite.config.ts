import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * The storefront is written against React and React Router, and in production Preact runs it (issue #6: React DOM
 * alone was 66 kB of the 90 kB budget). These aliases apply to the browser build and the server build alike, so the
 * server renders with Preact too (app/entry.server.tsx) and hydration meets the same markup.
 */
const preact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];

/**
 * `npm run dev` (Vite with HMR: its loaders call the Vitrine server named by VITRINE_API_URL, default
 * http://127.0.0.1:3000, which must be running) keeps React itself: React Router's plugin wires in React Refresh,
 * which swaps edited components in place and cannot do so for Preact's. The production build is what the tests and
 * the bench run, so Preact is what they check.
 */
export default defineConfig(({ command }) => {
  const build = command === 'build';
  return {
    plugins: [reactRouter()],
    resolve: { alias: build ? preact : [] },
    // Bundled into the server build (not imported from node_modules at run time), so that their own `react`
    // imports meet the aliases too; `@react-router/node` (the request listener the server mounts, exported by
    // app/entry.server.tsx) so that it runs on that same bundled React Router, not on a second copy.
    ssr: { noExternal: build ? ['react-router', '@tanstack/react-query', '@react-router/node'] : [] },
    server: { host: '127.0.0.1', port: 5173 },
    // The server bundle's source stays in the memory of every server that has rendered a page: without its libraries'
    // JSDoc, and with its few typographic characters (– → …) escaped, so that V8 keeps it as one byte a character
    // instead of two (docs/DEPLOY.md, "Memory").
    environments: { ssr: { build: { rolldownOptions: { output: { charset: 'ascii', comments: { jsdoc: false } } } } } },
    build: {
      target: 'es2022',
      rolldownOptions: {
        onLog(level, log, handler) {
          // React Router looks React 19's useOptimistic up at run time and does without it: Preact has none.
          if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
          handler(level, log);
        },
      },
    },
  };
});
