import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const API_TARGET = process.env.MERIDIAN_API ?? 'http://127.0.0.1:8080';

/**
 * The entry (src/main.tsx) is a few KB that starts the first screen's requests and then imports
 * the app (src/app/bootstrap.tsx). So that this import costs no extra round trip, index.html
 * preloads the app's chunks and links its stylesheets, exactly as Vite does for the entry's own
 * static imports: everything downloads in parallel from the first byte of HTML.
 */
function preloadApp(entry: RegExp): Plugin {
  return {
    name: 'meridian:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const app = bundle
          ? Object.values(bundle).find((c) => c.type === 'chunk' && entry.test(c.facadeModuleId ?? ''))
          : undefined;
        if (!bundle || !app) throw new Error(`preload-app: no chunk for ${entry}`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (scripts.has(file) || chunk?.type !== 'chunk') return;
          scripts.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const dep of chunk.imports) visit(dep);
        };
        visit(app.fileName);
        const present = (file: string) => html.includes(`/${file}"`);
        const link = (rel: string, file: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `./${file}` },
          injectTo: 'head',
        });
        return {
          html,
          tags: [
            ...[...scripts].filter((f) => !present(f)).map((f) => link('modulepreload', f)),
            ...[...styles].filter((f) => !present(f)).map((f) => link('stylesheet', f)),
          ],
        };
      },
    },
  };
}

export default defineConfig({
  base: './',
  plugins: [react(), preloadApp(/\/src\/app\/bootstrap\.tsx$/)],
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
