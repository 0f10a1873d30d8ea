// @ts-check
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';

export default defineConfig({
  site: 'https://warden.example',
  trailingSlash: 'never',
  build: { format: 'file' },
  outDir: process.env.WARDEN_OUT_DIR ?? './dist',
  integrations: [
    starlight({
      title: 'Warden',
      markdown: { processedDirs: ['./content/'] },
    }),
  ],
});
