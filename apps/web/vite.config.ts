import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const API_TARGET = process.env.MERIDIAN_API ?? 'http://127.0.0.1:8080';

/**
 * The entry (src/main.tsx) is a few KB that starts the first screen's requests and then imports
 * the home screen and the app (src/app/bootstrap.tsx, which imports src/app/app.tsx in a later
 * task). So that these imports cost no extra round trip, index.html preloads their chunks and
 * stylesheets, as Vite does for the entry's own static imports: everything downloads in parallel
 * from the first byte of HTML.
 */
function preloadApp(entries: RegExp[]): Plugin {
  return {
    name: 'meridian:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (scripts.has(file) || chunk?.type !== 'chunk') return;
          scripts.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const dep of chunk.imports) visit(dep);
        };
        for (const entry of entries) {
          const chunk = Object.values(bundle).find(
            (c) => c.type === 'chunk' && entry.test(c.facadeModuleId ?? ''),
          );
          if (!chunk) throw new Error(`preload-app: no chunk for ${entry}`);
          visit(chunk.fileName);
        }
        const present = (file: string) => html.includes(`/${file}"`);
        const link = (file: string, attrs: Record<string, string>): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { ...attrs, crossorigin: true, href: `./${file}` },
          injectTo: 'head',
        });
        return {
          html,
          tags: [
            ...[...scripts].filter((f) => !present(f)).map((f) => link(f, { rel: 'modulepreload' })),
            // Fetched early but not render-blocking (the boot screen paints at once): the import
            // applies each stylesheet before its screen renders.
            ...[...styles].filter((f) => !present(f)).map((f) => link(f, { rel: 'preload', as: 'style' })),
          ],
        };
      },
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [
    react(),
    preloadApp([
      /\/src\/app\/bootstrap\.tsx$/,
      /\/src\/app\/app\.tsx$/,
      // The landing screen: imported by the entry at once on `/`, and the most likely first screen.
      /\/src\/app\/routes\/home\.tsx$/,
    ]),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // The chart library is only imported by the (lazy) trade screen; keep it in its own chunk.
    chunkSizeWarningLimit: 400,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/v1': { target: API_TARGET, changeOrigin: true, ws: true },
      // Instrument logos and uploads served by the API server.
      '/static': { target: API_TARGET, changeOrigin: true },
      '/uploads': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
});
