import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

export default defineConfig({
  root: path.join(here, 'src/web'),
  publicDir: path.join(here, 'src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': path.join(here, 'src/shared'),
      '@web': path.join(here, 'src/web'),
    },
  },
  build: {
    outDir: path.join(here, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 5000}`, changeOrigin: false } },
  },
});
