// No Docker engine runs here, so docker-compose.yml is checked by parsing it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Service {
  image?: string;
  build?: { context: string; target: string };
  ports?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string; required?: boolean }>;
  volumes?: string[];
  profiles?: string[];
}

const text = readFileSync('docker-compose.yml', 'utf8');
// Merge keys (`<<: *ingest-api`) resolved as Docker Compose resolves them.
const compose = parse(text, { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync('Dockerfile', 'utf8');
/** The ingest API and web app instances: the first pair always, the second with --profile scale. */
const INGESTS = ['ingest-api', 'ingest-api-2'];
const WEBS = ['web', 'web-2'];

describe('docker-compose.yml', () => {
  it('has PostgreSQL, the ingest API and the web app', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'ingest-api', 'web', 'migrate']),
    );
  });

  it('publishes the ingest API on 4000 and the web app on 3000', () => {
    expect(compose.services['ingest-api']?.ports).toEqual(['4000:4000']);
    expect(compose.services.web?.ports).toEqual(['3000:3000']);
    expect(compose.services.postgres?.ports).toBeUndefined();
  });

  it('gives every long-running service a health check against its health endpoint', () => {
    expect(compose.services.postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    for (const name of INGESTS)
      expect(compose.services[name]?.healthcheck?.test.join(' '), name).toContain(':4000/healthz');
    for (const name of WEBS)
      expect(compose.services[name]?.healthcheck?.test.join(' '), name).toContain(':3000/api/health');
  });

  it('keeps PostgreSQL data in a named volume', () => {
    expect(compose.services.postgres?.volumes).toEqual(['pgdata:/var/lib/postgresql/data']);
    expect(compose.volumes).toHaveProperty('pgdata');
  });

  it('starts the apps only after migrations succeeded and the database is healthy', () => {
    expect(compose.services.migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const app of [...INGESTS, ...WEBS]) {
      expect(compose.services[app]?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
    }
  });

  it('points every app at the compose PostgreSQL and builds targets that exist', () => {
    for (const name of ['migrate', ...INGESTS, ...WEBS]) {
      const service = compose.services[name]!;
      expect(service.environment?.DATABASE_URL).toMatch(/@postgres:5432\/levelfield$/);
      expect(dockerfile).toMatch(new RegExp(`^FROM \\S+ AS ${service.build?.target}$`, 'm'));
    }
  });

  it('ships no fixed application secret', () => {
    for (const name of WEBS)
      expect(compose.services[name]?.environment?.AUTH_SECRET, name).toMatch(/^\$\{AUTH_SECRET:\?/);
  });

  it('ships no database password: compose stops, naming the one to set, when one is missing', () => {
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(
      /^\$\{POSTGRES_PASSWORD:\?set /,
    );
    expect(text).not.toMatch(/PASSWORD:-/);
  });

  it('migrates as the owner role, and runs the ingest API and the web app as the app role', () => {
    const owner = 'postgresql://levelfield:${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD';
    const app = 'postgresql://levelfield_app:${LEVELFIELD_APP_DB_PASSWORD:?set LEVELFIELD_APP_DB_PASSWORD';
    const migrate = compose.services.migrate?.environment;
    expect(migrate?.DATABASE_URL?.startsWith(owner)).toBe(true);
    // The migrate job creates the app role with this password and grants it (packages/db/src/roles.ts).
    expect(migrate?.LEVELFIELD_APP_DATABASE_URL?.startsWith(app)).toBe(true);
    for (const name of [...INGESTS, ...WEBS])
      expect(compose.services[name]?.environment?.DATABASE_URL, name).toBe(
        migrate?.LEVELFIELD_APP_DATABASE_URL,
      );
  });

  describe('profile scale', () => {
    const started = (profile?: string) =>
      Object.entries(compose.services)
        .filter(([, service]) => !service.profiles || (profile && service.profiles.includes(profile)))
        .map(([name]) => name)
        .sort();

    it('adds nats-server, a second ingest API and a second web app to PostgreSQL and the first pair', () => {
      expect(started()).toEqual(['ingest-api', 'migrate', 'postgres', 'web']);
      expect(started('scale')).toEqual([
        'ingest-api',
        'ingest-api-2',
        'migrate',
        'nats',
        'postgres',
        'web',
        'web-2',
      ]);
      expect(compose.services.nats?.image).toMatch(/^nats:/);
      const target = (t: string) =>
        started('scale').filter((name) => compose.services[name]?.build?.target === t);
      expect(target('ingest-api')).toEqual(INGESTS);
      expect(target('web')).toEqual(WEBS);
    });

    it('defines the second pair from the same anchors as the first, not as a copy', () => {
      expect(text.match(/^ {4}<<: \*ingest-api$/gm)).toHaveLength(2);
      expect(text.match(/^ {4}<<: \*web$/gm)).toHaveLength(2);
      expect(text.match(/127\.0\.0\.1:4000\/healthz/g)).toHaveLength(1);
      expect(text.match(/127\.0\.0\.1:3000\/api\/health/g)).toHaveLength(1);
      const [ingest, ingest2] = INGESTS.map((name) => compose.services[name]!);
      expect(ingest2!.healthcheck).toEqual(ingest!.healthcheck);
      expect(ingest2!.depends_on).toEqual(ingest!.depends_on);
      for (const key of ['DATABASE_URL', 'LEVELFIELD_LIVE_TOKEN_SECRET', 'LEVELFIELD_NATS_URL'])
        expect(ingest2!.environment?.[key], key).toBe(ingest!.environment?.[key]);
      const [web, web2] = WEBS.map((name) => compose.services[name]!);
      for (const key of ['DATABASE_URL', 'AUTH_SECRET', 'LEVELFIELD_LIVE_TOKEN_SECRET'])
        expect(web2!.environment?.[key], key).toBe(web!.environment?.[key]);
    });

    it('publishes the second pair on 4001 and 3001, the second web app streaming from the second ingest API', () => {
      expect(compose.services['ingest-api-2']?.ports).toEqual(['4001:4000']);
      expect(compose.services['web-2']?.ports).toEqual(['3001:3000']);
      for (const [ingest, web] of [
        ['ingest-api', 'web'],
        ['ingest-api-2', 'web-2'],
      ] as const) {
        const i = compose.services[ingest]!.environment!;
        const w = compose.services[web]!.environment!;
        // The run page's EventSource goes to this ingest API, which allows this web app's origin.
        expect(w.LEVELFIELD_INGEST_URL, web).toBe(i.LEVELFIELD_PUBLIC_INGEST_URL);
        expect(i.LEVELFIELD_WEB_URL, ingest).toBe(w.AUTH_URL);
        expect(compose.services[web]?.depends_on?.[ingest]?.condition).toBe('service_healthy');
      }
      expect(compose.services['web-2']?.environment?.LEVELFIELD_INGEST_URL).toContain('localhost:4001');
    });

    it('gives every ingest instance the same live fan-out: NATS when LEVELFIELD_NATS_URL names the profile’s server', () => {
      for (const name of INGESTS) {
        expect(compose.services[name]?.environment?.LEVELFIELD_NATS_URL, name).toMatch(
          /^\$\{LEVELFIELD_NATS_URL:-\}$/,
        );
        // nats starts first when the profile runs it, and is not needed without it.
        expect(compose.services[name]?.depends_on?.nats, name).toEqual({
          condition: 'service_started',
          required: false,
        });
      }
      // The command the file's header gives points at the nats service's client port.
      expect(text).toContain('LEVELFIELD_NATS_URL=nats://nats:4222 docker compose --profile scale up');
    });
  });
});
