// One name per system for people to read and filter by. Stored names stay as they were entered
// ("postgres", "postgresql" and "PostgreSQL" are three stored names); the explorer's system
// filter and column show them as one system, PostgreSQL. Isomorphic: no server imports.

/** Spellings (compared in lower case, spaces and dashes dropped) → the product's own name. */
const ALIASES: Record<string, string> = {
  postgres: 'PostgreSQL',
  postgresql: 'PostgreSQL',
  pg: 'PostgreSQL',
  pgsql: 'PostgreSQL',
  mysql: 'MySQL',
  mariadb: 'MariaDB',
  sqlite: 'SQLite',
  sqlite3: 'SQLite',
  cockroach: 'CockroachDB',
  cockroachdb: 'CockroachDB',
  crdb: 'CockroachDB',
  yugabyte: 'YugabyteDB',
  yugabytedb: 'YugabyteDB',
  tidb: 'TiDB',
  mongo: 'MongoDB',
  mongodb: 'MongoDB',
  redis: 'Redis',
  valkey: 'Valkey',
  memcached: 'Memcached',
  clickhouse: 'ClickHouse',
  duckdb: 'DuckDB',
  mssql: 'SQL Server',
  sqlserver: 'SQL Server',
  oracle: 'Oracle Database',
  oracledb: 'Oracle Database',
  cassandra: 'Apache Cassandra',
  apachecassandra: 'Apache Cassandra',
  scylla: 'ScyllaDB',
  scylladb: 'ScyllaDB',
  kafka: 'Apache Kafka',
  apachekafka: 'Apache Kafka',
};

/** What two spellings of one system have in common: lower case, no spaces, dashes or underscores. */
function spelling(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/**
 * The key a stored system name is grouped and filtered by: the alias's product name when the
 * spelling is known, the spelling itself otherwise (so "Foo DB" and "foo-db" are still one).
 */
export function systemKey(name: string): string {
  const known = ALIASES[spelling(name)];
  return known ? spelling(known) : spelling(name);
}

/** The name to show: the product's own spelling when known, the stored name (trimmed) otherwise. */
export function systemLabel(name: string): string {
  return ALIASES[spelling(name)] ?? name.trim().replace(/\s+/g, ' ');
}

/**
 * Stored names grouped under one label each, sorted by label: the filter's choices. Unknown
 * names that differ only in case or spacing share the label of their first stored spelling.
 */
export function systemChoices(stored: readonly string[]): { label: string; names: string[] }[] {
  const groups = new Map<string, { label: string; names: string[] }>();
  for (const name of [...stored].sort()) {
    const key = systemKey(name);
    const group = groups.get(key);
    if (group) group.names.push(name);
    else groups.set(key, { label: systemLabel(name), names: [name] });
  }
  return [...groups.values()].sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** The stored names a filter value (a label, or any spelling of one) stands for. */
export function storedNamesFor(filter: string, stored: readonly string[]): string[] {
  const key = systemKey(filter);
  return stored.filter((name) => systemKey(name) === key);
}
