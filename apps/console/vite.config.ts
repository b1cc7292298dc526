import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiUrl = process.env.VITRINE_API_URL || 'http://127.0.0.1:3000';

/**
 * The console is a single-page app under `/console/` of the Vitrine server (`npm start` serves
 * `dist/`). `npm run dev -w apps/console` runs Vite on 127.0.0.1:5174 and sends the API calls to
 * VITRINE_API_URL (default http://127.0.0.1:3000), which must be running. The session endpoint
 * (`/console/session/…`) is proxied there instead, so its cookie stays first-party; the server
 * answers only requests from its own origin, which the proxy therefore names.
 */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: { '/console/session': { target: apiUrl, headers: { origin: new URL(apiUrl).origin } } },
  },
  build: { target: 'es2022', outDir: 'dist' },
  define: { 'import.meta.env.VITRINE_API_URL': JSON.stringify(process.env.VITRINE_API_URL ?? '') },
});
