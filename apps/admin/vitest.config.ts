import { defineConfig } from 'vitest/config';

/** Run alone with `npx vitest run --root apps/admin`; the root config runs the same as project "admin". */
export default defineConfig({
  test: {
    name: 'admin',
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
  },
});
