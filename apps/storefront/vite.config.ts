import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * `npm run dev`: Vite with HMR renders the pages; their loaders call the Vitrine server named by
 * VITRINE_API_URL (default http://127.0.0.1:3000), which must be running (`npm start` at the root).
 */
export default defineConfig({
  plugins: [reactRouter()],
  server: { host: '127.0.0.1', port: 5173 },
  build: { target: 'es2022' },
});
