import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // The model package is plain data and pure functions: what the app does not use of it (its
      // JSON schema, built with zod) is left out of the bundle.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/model/src/') },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
