import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Repository-level invariants (README quick start, CI script, docker-compose.yml).
export default defineConfig({
  test: { include: ['tests/**/*.test.ts'], root: path.resolve(import.meta.dirname, '..') },
});
