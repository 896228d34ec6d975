// Vite's defaults do it all: TSX with React's automatic runtime, the renderer's screen kinds split into chunks by
// their dynamic imports, its stylesheets bundled. MUI's 'use client' lines mean nothing outside a server framework:
// their warnings are dropped.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    rollupOptions: {
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
