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
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync('Dockerfile', 'utf8');

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
    expect(compose.services['ingest-api']?.healthcheck?.test.join(' ')).toContain(':4000/healthz');
    expect(compose.services.web?.healthcheck?.test.join(' ')).toContain(':3000/api/health');
  });

  it('keeps PostgreSQL data in a named volume', () => {
    expect(compose.services.postgres?.volumes).toEqual(['pgdata:/var/lib/postgresql/data']);
    expect(compose.volumes).toHaveProperty('pgdata');
  });

  it('starts the apps only after migrations succeeded and the database is healthy', () => {
    expect(compose.services.migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const app of ['ingest-api', 'web']) {
      expect(compose.services[app]?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
    }
  });

  it('points every app at the compose PostgreSQL and builds targets that exist', () => {
    for (const name of ['migrate', 'ingest-api', 'web']) {
      const service = compose.services[name]!;
      expect(service.environment?.DATABASE_URL).toMatch(/@postgres:5432\/levelfield$/);
      expect(dockerfile).toMatch(new RegExp(`^FROM \\S+ AS ${service.build?.target}$`, 'm'));
    }
  });

  it('ships no fixed application secret', () => {
    expect(compose.services.web?.environment?.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/);
  });

  it('ships no database password: compose stops, naming the one to set, when one is missing', () => {
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(
      /^\$\{POSTGRES_PASSWORD:\?set /,
    );
    expect(readFileSync('docker-compose.yml', 'utf8')).not.toMatch(/PASSWORD:-/);
  });

  it('migrates as the owner role, and runs the ingest API and the web app as the app role', () => {
    const owner = 'postgresql://levelfield:${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD';
    const app = 'postgresql://levelfield_app:${LEVELFIELD_APP_DB_PASSWORD:?set LEVELFIELD_APP_DB_PASSWORD';
    const migrate = compose.services.migrate?.environment;
    expect(migrate?.DATABASE_URL?.startsWith(owner)).toBe(true);
    // The migrate job creates the app role with this password and grants it (packages/db/src/roles.ts).
    expect(migrate?.LEVELFIELD_APP_DATABASE_URL?.startsWith(app)).toBe(true);
    for (const name of ['ingest-api', 'web'])
      expect(compose.services[name]?.environment?.DATABASE_URL, name).toBe(
        migrate?.LEVELFIELD_APP_DATABASE_URL,
      );
  });
});
