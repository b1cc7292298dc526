import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The console is a single-page app under `/console/` of the Vitrine server (`npm start` serves
 * `dist/`). `npm run dev -w apps/console` runs Vite on 127.0.0.1:5174 and sends the API calls to
 * VITRINE_API_URL (default http://127.0.0.1:3000), which must be running.
 */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5174 },
  build: { target: 'es2022', outDir: 'dist' },
  define: { 'import.meta.env.VITRINE_API_URL': JSON.stringify(process.env.VITRINE_API_URL ?? '') },
});
