// Who makes what: an affiliation is matched against the compared systems' vendors as
// organisations, never as substrings of prose ("we chose CockroachDB as our comparison point"
// names CockroachDB without affiliating its author with it).
import { normText } from './normalize.ts';

/** Vendors whose names cannot be derived from their product's name. */
const KNOWN_VENDORS: Record<string, readonly string[]> = {
  kafka: ['confluent'],
  pulsar: ['streamnative'],
  rama: ['red planet labs'],
  spacetime: ['clockwork labs'],
  spark: ['databricks'],
  cassandra: ['datastax'],
  bun: ['oven'],
  aurora: ['amazon', 'aws', 'amazon web services'],
  rds: ['amazon', 'aws', 'amazon web services'],
  dynamo: ['amazon', 'aws', 'amazon web services'],
  opensearch: ['amazon', 'aws', 'amazon web services'],
  graviton: ['amazon', 'aws', 'amazon web services'],
  spanner: ['google', 'google cloud'],
  alloy: ['google', 'google cloud'],
  bigquery: ['google', 'google cloud'],
  cosmos: ['microsoft', 'azure'],
  druid: ['imply'],
  pinot: ['startree'],
  flink: ['ververica'],
  vitess: ['planetscale'],
  tidb: ['pingcap'],
  delta: ['databricks'],
  valkey: ['linux foundation'],
  mysql: ['oracle'],
  graalpy: ['oracle'],
  graalvm: ['oracle'],
  truffleruby: ['oracle'],
  postgres: ['postgresql global development group'],
};

const CORPORATE =
  /\b(inc|incorporated|ltd|limited|llc|gmbh|corp|corporation|co|labs?|data|technologies|technology|software|systems|team|company|cloud|io|hq|project)\b/g;

/** What a company glues onto its product's name to name itself: "DoltHub", "InfluxData", "MongoDB Inc". */
const COMPOUND_SUFFIX = /^(hub|labs?|data|db|io|hq|inc|soft|works|tech|ai)$/;

const CODE_HOST = /^(https?:\/\/)?(www\.)?(github|gitlab|bitbucket|codeberg)\.(com|org)\//;

/** "CockroachDB" → "cockroach", "Apache Kafka" → "kafka", "Eclipse Zenoh" → "zenoh", "YugabyteDB" → "yugabyte". */
export function productStem(system: string): string {
  // A hyphenated name is one product ("kube-nftlb" is not "kube-proxy"): hyphens are kept as
  // joiners through the text normalisation, which reads them as spaces. A repository path
  // ("gin-gonic/gin") is left to the rule for paths.
  const joined = system.includes('/') ? system : system.replace(/(\w)-(?=\w)/g, '$1\u2060');
  const t = normText(joined)
    .replace(/[’']/g, "'")
    // A product named by its repository: "github.com/hamba/avro" is hamba/avro.
    .replace(CODE_HOST, '')
    .replace(/\b(apache|eclipse|the|open ?source|community|edition|server|cloud|managed|enterprise)\b/g, '')
    .replace(/\s+\d[\w.]*$/, '')
    .trim();
  // "bun:sqlite" and "node:sqlite" are modules of their runtime: the namespace names the maker.
  const first = ((t.split(/\s+/)[0] ?? t).split(':')[0] || t).replace(/\u2060/g, '-');
  return first.replace(/-?(db|sql|mq)$/, '') || first;
}

/** An organisation name as compared: lower case, corporate suffixes dropped. */
export function orgKey(org: string): string {
  return normText(org)
    .replace(/[’']/g, "'")
    .replace(/[.,]/g, ' ')
    .replace(CORPORATE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The organisations an affiliation names: its leading phrase before any explanation
 * ("Red Planet Labs (makers of Rama)" → "red planet labs"; "Rama's vendor: …" → "rama's vendor").
 */
export function organisationsIn(affiliation: string): string[] {
  const phrases: string[] = [];
  // "Winds-Studio / Leaf project": a spaced slash lists two names for one publisher.
  for (const part of affiliation.split(/(?:[;|]| and | \/ |\n)(?![^(]*\))/)) {
    phrases.push(part.split(/[:(—–,]| - /)[0] ?? '');
    // "MagicStack (authors of asyncpg)": the parenthesis says whose maker it is.
    const aside = /\(([^)]*)\)/.exec(part)?.[1];
    for (const phrase of aside?.split(/[,;]/) ?? [])
      if (
        /\b(makers?|vendor|developers?|creators?|authors?|maintainers?|team|project|company)\b/i.test(
          phrase,
        ) ||
        // "EQ Alpha Technology (KeyDB)": an aside that is only a name is the organisation's brand.
        /^\s*(?:[A-Z][\w.+-]*)(?:\s+[A-Z][\w.+-]*)?\s*$/.test(phrase)
      )
        phrases.push(phrase);
  }
  // Whoever asked for or paid for the work: "benchmark requested by Databricks".
  for (const m of affiliation.matchAll(SPONSOR_CLAUSE)) phrases.push(m[1] as string);
  // A maker clause anywhere ("Coiled (company behind Dask; …)", "CloudWeGo, maintainers of the
  // Kitex framework"), unless it is denied ("not affiliated with the makers of X").
  // Who sells or hosts a product has its maker's interest in it ("Supabase (ships pgvector in its
  // hosted Postgres)").
  for (const m of [...affiliation.matchAll(MAKER_CLAUSE), ...affiliation.matchAll(SELLER_CLAUSE)]) {
    const before = affiliation.slice(Math.max(0, (m.index ?? 0) - 24), m.index);
    if (!/\b(not|no|never|independent|unaffiliated)\b/i.test(before)) phrases.push(`makers of ${m[1]}`);
  }
  return phrases.map((s) => normText(s).replace(/[’']/g, "'").trim()).filter((s) => s.length > 0);
}

const SPONSOR_CLAUSE =
  /\b(?:requested|commissioned|sponsored|funded|paid for|financed|ordered) by (?:the )?([A-Z][\w.&+-]*(?: [A-Z][\w.&+-]*){0,2})/g;

const MAKER_CLAUSE =
  /\b(?:makers?|vendor|developers?|creators?|authors?|maintainers?|company|team|stewards?)\s+(?:of|behind)\s+(?:the\s+)?([\w.+/-]+)/gi;

const SELLER_CLAUSE =
  /\b(?:ships|sells|resells|offers|hosts|distributes|markets)\s+(?:the\s+|a\s+managed\s+|managed\s+)?([\w.+/-]+)/gi;

/** KNOWN_VENDORS by the stem productStem gives a product's name ("TiDB" → "ti", "MySQL" → "my"). */
const VENDORS_BY_STEM = new Map(Object.entries(KNOWN_VENDORS).map(([k, v]) => [productStem(k), v]));

/** True when `org` is the maker of `system` (its own name, a declared vendor, or a known vendor). */
export function isVendorOf(org: string, system: string, vendor?: string): boolean {
  const stem = productStem(system);
  const o = normText(org).replace(/[’']/g, "'");
  if (stem.length < 2) return false;
  // "Rama's vendor", "makers of Rama", "the Rama team".
  const of =
    /(?:makers?|vendor|developers?|creators?|authors?|maintainers?|team|company) (?:of|behind) (?:the )?(\S+)/.exec(
      o,
    )?.[1];
  if (of && namesProduct(of, system)) return true;
  const owner =
    /^(?:the )?(\S+?)(?:'s)? (?:vendor|team|makers?|developers?|maintainers?|authors?|creators?|company|inc|labs|project)\b/.exec(
      o,
    )?.[1];
  if (owner && namesProduct(owner, system)) return true;
  // Published in the product's own venue: "guest post on the vLLM project blog".
  const venue =
    /(?:^|\s)(\S+?)(?:'s)? (?:project|team)(?:'s)? (?:blog|site|website|docs|documentation|newsletter)\b/.exec(
      o,
    )?.[1];
  if (venue && namesProduct(venue, system)) return true;
  const key = orgKey(o);
  if (vendor && key === orgKey(vendor)) return true;
  if ((VENDORS_BY_STEM.get(stem) ?? []).some((v) => key === orgKey(v) || key.startsWith(`${orgKey(v)} `)))
    return true;
  // The organisation named in the product's own name: "Databricks" / "Spark (Databricks Runtime)",
  // "Amazon" / "Amazon Aurora", "Confluent" / "Kafka (Confluent Platform)".
  if (namedIn(key, system)) return true;
  // A short brand that opens the product's name: "AMD" / "AMD EPYC Rome", "IBM" / "IBM Db2".
  if (key.length >= 3 && !key.includes(' ') && orgKey(system).split(' ')[0] === key) return true;
  const first = key.split(' ')[0] ?? '';
  // "Cockroach Labs" / CockroachDB, "InfluxData" / InfluxDB, "Elastic" / Elasticsearch,
  // "DoltHub" / Dolt.
  return (
    first.length >= 4 &&
    (productStem(first) === stem ||
      (first.startsWith(stem) && (stem.length >= 5 || COMPOUND_SUFFIX.test(first.slice(stem.length)))) ||
      (stem.startsWith(first) && first.length >= 5))
  );
}

/**
 * A product named in a maker clause is the system: the same stem, or a word of the system's name
 * ("Presto maintainers" make "Prestissimo (Presto C++ workers)").
 */
function namesProduct(product: string, system: string): boolean {
  if (productStem(product) === productStem(system)) return true;
  return namedIn(orgKey(product), system);
}

/** A name of four or more letters standing as whole words in a system's name. */
function namedIn(key: string, system: string): boolean {
  return key.length >= 4 && new RegExp(`\\b${escapeRegExp(key)}\\b`).test(orgKey(system));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
