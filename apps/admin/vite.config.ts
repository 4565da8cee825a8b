import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.MERIDIAN_API ?? 'http://127.0.0.1:8080';

/**
 * The back office is served by the API server under /admin/ (hash router, so every screen is
 * /admin/#/…); assets are built with that base. Every screen is a lazy chunk.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Libraries that change rarely get chunks of their own (cached across deployments of the
        // app's code). The contracts and zod (about 31 KB gzip) are needed at start: the menu and
        // the route guards read each call's `access`, and forms check values with the contracts.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'contracts', test: /(node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/])/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: {
      '/admin-api': { target: API_TARGET, changeOrigin: true },
      // Instrument logos (`/static/upload/logo/…`), served by the API server.
      '/static': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: { host: '127.0.0.1', port: 4174 },
});
