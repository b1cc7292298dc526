import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * The storefront is written against React and React Router, and Preact runs it (issue #6: React DOM alone was
 * 66 kB of the 90 kB budget). These aliases apply to the browser build, the server build and the dev server alike,
 * so the server renders with Preact too (app/entry.server.tsx) and hydration meets the same markup.
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
 * `npm run dev`: React Router's plugin wires in React Refresh, which cannot swap Preact's components, so an edit
 * would be accepted and show nothing; the page reloads instead (server-rendered again, client state lost).
 */
function reloadOnEdit(): Plugin {
  return {
    name: 'vitrine:reload-on-edit',
    apply: 'serve',
    enforce: 'pre',
    hotUpdate({ modules }) {
      if (this.environment.name !== 'client' || modules.length === 0) return;
      this.environment.hot.send({ type: 'full-reload' });
      return [];
    },
  };
}

/**
 * `npm run dev`: Vite with HMR renders the pages; their loaders call the Vitrine server named by
 * VITRINE_API_URL (default http://127.0.0.1:3000), which must be running (`npm start` at the root).
 */
export default defineConfig({
  plugins: [reloadOnEdit(), reactRouter()],
  resolve: { alias: preact },
  // Bundled into the server build (not imported from node_modules at run time), so that their own `react`
  // imports meet the aliases too.
  ssr: { noExternal: ['react-router', '@tanstack/react-query'] },
  server: { host: '127.0.0.1', port: 5173 },
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
});
