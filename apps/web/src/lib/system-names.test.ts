import { describe, expect, it } from 'vitest';
import { storedNamesFor, systemChoices, systemKey, systemLabel } from './system-names.ts';

describe('system names', () => {
  it('shows every spelling of a known system under its own name', () => {
    for (const name of ['postgres', 'postgresql', 'PostgreSQL', ' Postgres ', 'pg'])
      expect(systemLabel(name)).toBe('PostgreSQL');
    expect(systemLabel('cockroach-db')).toBe('CockroachDB');
    expect(systemLabel('MS SQL')).toBe('SQL Server');
  });

  it('keeps an unknown name as stored, spaces tidied', () => {
    expect(systemLabel('  Acme   Store ')).toBe('Acme Store');
    expect(systemKey('Acme Store')).toBe(systemKey('acme-store'));
    expect(systemKey('Acme Store')).not.toBe(systemKey('postgresql'));
  });

  it('offers one filter choice per system, with the stored names it stands for', () => {
    expect(systemChoices(['postgresql', 'mysql', 'PostgreSQL', 'postgres', 'acme', 'Acme'])).toEqual([
      { label: 'Acme', names: ['Acme', 'acme'] },
      { label: 'MySQL', names: ['mysql'] },
      { label: 'PostgreSQL', names: ['PostgreSQL', 'postgres', 'postgresql'] },
    ]);
  });

  it('filters by any spelling of a system', () => {
    const stored = ['postgresql', 'PostgreSQL', 'mysql'];
    expect(storedNamesFor('PostgreSQL', stored)).toEqual(['postgresql', 'PostgreSQL']);
    expect(storedNamesFor('postgres', stored)).toEqual(['postgresql', 'PostgreSQL']);
    expect(storedNamesFor('oracle', stored)).toEqual([]);
  });
});
