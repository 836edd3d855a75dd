import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

/**
 * The driver's report form (`/report/<token>`, issue 32) built on its own, for a phone in a car park: its JavaScript
 * stays under 100 KB gzip before it draws (scripts/route-weight.mjs fails the build above that).
 *
 * Why a second build: in the SPA the page is a lazy route behind the whole app's entry (react-dom alone is 71 KB
 * gzip, with TanStack Query, wouter, the toasts…), 180 KB in all. This build renders the same page module
 * (src/web/app/pages/driver-report-page.tsx, with its feature, its form and the shared zod schema: one copy of the
 * code and of its rules) from its own entry (src/web/report.html → report-main.tsx), with React replaced by
 * Preact's compatibility layer (`preact/compat`, ~5 KB), which react-hook-form, Radix, TanStack Query and wouter run
 * on unchanged. The server (src/server/plugins/spa.ts) answers `/report/<token>` with this build's HTML; the SPA's
 * own lazy `/report/:token` route stays, and is what `npm run dev` shows (React, hot reload).
 *
 * Output: dist/web/report/ (report.html, and hashed files under assets/, served at /report/assets/ and cached for
 * a year like the SPA's). The same styles.css as the SPA, so its Tailwind classes are the same.
 */
export const REPORT_BASE = '/report/';

/** React's entry points as the page's code and its packages import them, answered by Preact. */
const preactInsteadOfReact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig({
  root: path.join(here, 'src/web'),
  base: REPORT_BASE,
  // The favicon and the rest of public/ are the SPA's build's, at the site's root.
  publicDir: false,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@shared', replacement: path.join(here, 'src/shared') },
      { find: '@web', replacement: path.join(here, 'src/web') },
      ...preactInsteadOfReact,
    ],
  },
  build: {
    outDir: path.join(here, 'dist/web/report'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { input: path.join(here, 'src/web/report.html') },
  },
});
