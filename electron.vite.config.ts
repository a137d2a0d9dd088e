import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      rollupOptions: {
        input: {
          index: resolve(root, 'src/main/electron/index.ts'),
          worker: resolve(root, 'src/main/worker/entry.ts'),
          // The designer's analysis thread (src/main/services/analysis.ts loads it next to index.js).
          'analysis-worker': resolve(root, 'src/main/services/analysis-worker.ts'),
          // Generate to order's thread (src/main/services/generate-order.ts loads it likewise).
          'generate-order-worker': resolve(root, 'src/main/services/generate-order-worker.ts'),
          // A run's shard threads (src/main/worker/thread-shards.ts loads it next to worker.js).
          'shard-thread': resolve(root, 'src/main/worker/shard-thread.ts'),
        },
        // Native module: loaded from node_modules at run time (rebuilt for Electron's ABI).
        external: ['better-sqlite3'],
        output: {
          format: 'es',
          entryFileNames: '[name].js',
        },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        // CommonJS so the renderer can stay sandboxed (an ESM preload needs sandbox: false).
        output: {
          format: 'cjs',
          entryFileNames: '[name].cjs',
        },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    build: {
      outDir: resolve(root, 'out/renderer'),
      rollupOptions: {
        input: { index: resolve(root, 'src/renderer/index.html') },
      },
    },
    plugins: [svelte()],
  },
});
