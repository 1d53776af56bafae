// Seed 003: Amazon RDS (MySQL 5.1.45) with tpcc-mysql — five instance sizes, standard
// (single AZ) vs Multi-AZ (synchronous standby), with Table 4's costs exactly as published.
import type { ProvenanceInput } from '@levelfield/contracts/provenance';
import { ComparisonInput, type RunInput } from '../schema.ts';
import { imp, num, pv, type SeedComparison } from './common.ts';

const T1 = 'seed 003, Table 1: Configurations of different RDS Instances';
const T2 = 'seed 003, Table 2: Configurations of the probing EC2 Instances';
const T3 = 'seed 003, Table 3: Optimal load points for standard RDS instances';
const T4 = 'seed 003, Table 4: Calculated Cost for Standard and Multi-AZ RDS Instances';
const SETUP = 'seed 003, 2. Setup';
const COST = 'seed 003, 2.2 Transaction Cost';

type Size = 'Small' | 'Large' | 'XLarge' | '2XLarge' | '4XLarge';
type Service = 'Standard' | 'Multi-AZ';

/** Table 1 as printed. */
const INSTANCES: Record<Size, { name: string; ram: string; ecu: string; vc: number; io: string }> = {
  Small: { name: 'Small', ram: '1.7', ecu: '1 (=1*1)', vc: 1, io: 'Moderate' },
  Large: { name: 'Large', ram: '7.5', ecu: '4 (=2*2)', vc: 2, io: 'High' },
  XLarge: { name: 'Extra Large (XLarge)', ram: '15', ecu: '8 (=4*2)', vc: 4, io: 'High' },
  '2XLarge': { name: 'Double Extra Large (2XLarge)', ram: '34', ecu: '13 (=4*3.5)', vc: 4, io: 'High' },
  '4XLarge': { name: 'Quadruple Extra Large (4XLarge)', ram: '68', ecu: '26 (=8*3.25)', vc: 8, io: 'High' },
};

/** Table 4 as printed: instance price ($/hour), tpmC, µCent/transactionC, $/tpmC. */
const COSTS: Record<Service, Record<Size, [string, string, string, string]>> = {
  Standard: {
    Small: ['0.11', '1807.00', '206.67', '3.26'],
    Large: ['0.44', '4597.10', '273.10', '4.31'],
    XLarge: ['0.88', '5971.40', '356.16', '5.62'],
    '2XLarge': ['1.55', '6202.80', '530.00', '8.36'],
    '4XLarge': ['3.10', '5977.60', '972.54', '15.34'],
  },
  'Multi-AZ': {
    Small: ['0.22', '1463.80', '387.96', '6.12'],
    Large: ['0.88', '1761.13', '996.47', '15.71'],
    XLarge: ['1.66', '1693.67', '1762.09', '27.78'],
    '2XLarge': ['3.10', '2070.13', '2805.69', '44.24'],
    '4XLarge': ['6.20', '1985.81', '5313.99', '83.79'],
  },
};

const OPTIMAL: Record<Size, string> = {
  Small: '(8, 32)',
  Large: '(8, 32)',
  XLarge: '(16, 64)',
  '2XLarge': '(16, 256)',
  '4XLarge': '(8, 64)',
};

const SIZES: Size[] = ['Small', 'Large', 'XLarge', '2XLarge', '4XLarge'];

function provenance(size: Size, service: Service): ProvenanceInput {
  const inst = INSTANCES[size];
  const [price] = COSTS[service][size];
  const multiAz = service === 'Multi-AZ';
  return {
    run: {
      benchmark: imp('TPC-C (tpcc-mysql)', SETUP),
      selectionRule: imp(
        'observed maximum over a large number of runs',
        'seed 003, 2.1 Throughput: "Over a large number of runs, the targeted instance type was associated with its observed maximum (tpmC)"',
      ),
    },
    nodes: [
      {
        role: 'sut',
        name: `rds-${size.toLowerCase()}`,
        count: 1,
        hardware: {
          hostType: imp(`${inst.name} DB Instance`, T1),
          memoryBytes: imp(`${inst.ram} GB`, `${T1}: RAM (GB) ${inst.ram}`),
          vcpus: imp(inst.vc, `${T1}: Total ECU ${inst.ecu} (virtual cores × ECU per core)`),
          ecu: imp(inst.ecu, T1),
          ioCapacity: imp(inst.io, T1),
        },
        software: { osName: imp('MySQL 64-bit', `${T1}: Platform`) },
      },
      {
        role: 'client',
        name: 'ec2-extra-large',
        count: 1,
        hardware: {
          hostType: imp('Extra Large EC2', T2),
          memoryBytes: imp('15 GB', T2),
          vcpus: imp(4, `${T2}: Total ECU 8 (=4*2)`),
        },
        software: { osName: imp('Fedora 64-bit', T2), image: imp('ami-86db39ef', T2) },
      },
    ],
    software: {
      components: imp({ mysql: '5.1.45', 'tpcc-mysql': 'Percona' }, SETUP),
    },
    topology: {
      replicationFactor: multiAz
        ? imp(2, 'seed 003, 1. Overview: "synchronous \'standby\' replica in multiple availability zones"')
        : imp(1, 'seed 003: "Standard RDS doesn\'t deploy database replication"'),
      ...(multiAz
        ? { survivalGoal: imp('availability zone (standby replica)', 'seed 003, 1. Overview') }
        : {}),
      region: imp('US-East-1a', T1),
      clientPlacement: imp(
        'same region',
        `${SETUP}: "EC2 machines were used to probe the RDS instances from the same AWS region"`,
      ),
    },
    workload: {
      name: imp('TPC-C', SETUP),
      implementationRepository: imp('tpcc-mysql (Percona)', SETUP),
      ...(multiAz ? {} : { optimalLoad: imp(`${OPTIMAL[size]} (warehouses, users)`, T3) }),
    },
    settings: multiAz
      ? {
          durability: imp(
            'replicated: synchronous standby in another availability zone',
            'seed 003, 1. Overview',
          ),
        }
      : {},
    measurement: {
      formulaIds: imp(['tpcc-transaction-cost-ucents', 'tpcc-3y-dollars-per-tpmc'], COST),
    },
    cost: {
      pricingModel: imp('on-demand', 'seed 003, Figure 2: "Amazon On-demand standard RDS instances"'),
      currency: imp('USD', COST),
      region: imp('US – N. Virginia', 'seed 003, Figure 2'),
      horizon: imp('3-year', `${COST}: "number of minutes in 3-year (60 * 24 * 365 * 3)"`),
      included: imp('instance + storage + I/O + data transfer', `${COST}: "four service components"`),
      unitPricePerNodeHour: imp(num(price), `${T4}: Instance Price ($/Hour) ${price}`),
    },
  };
}

function runOf(size: Size, service: Service): RunInput {
  const [price, tpmc, ucents, dollars] = COSTS[service][size];
  const labels = { instance: size, service };
  return {
    id: `seed-003-${service.toLowerCase()}-${size.toLowerCase()}`,
    name: `RDS MySQL ${service} ${size} (tpcc-mysql)`,
    source: 'published',
    provenance: provenance(size, service) as RunInput['provenance'],
    disclosure: {
      authors: [{ name: 'Md. Borhan Uddin' }, { name: 'Bo He' }, { name: 'Radu Sion' }],
      otherVendorConsulted: 'not-stated',
      artefacts: [],
      ai: { declared: 'not-stated', scopes: [], tools: [], evidence: [] },
    },
    series: [],
    values: [
      pv({
        metric: 'instancePricePerHour',
        value: num(price),
        unit: 'USD/h',
        text: price,
        labels,
        source: T4,
      }),
      pv({ metric: 'tpmC', value: num(tpmc), unit: 'tpmC', text: tpmc, labels, source: T4 }),
      pv({
        metric: 'transactionCost',
        value: num(ucents),
        unit: 'µ¢',
        text: ucents,
        labels,
        source: T4,
        formulaId: 'tpcc-transaction-cost-ucents',
      }),
      pv({
        metric: 'dollarsPerTpmC3y',
        value: num(dollars),
        unit: 'USD/tpmC',
        text: dollars,
        labels,
        source: T4,
        formulaId: 'tpcc-3y-dollars-per-tpmc',
      }),
    ],
  };
}

const ENTRIES = (['Standard', 'Multi-AZ'] as Service[]).flatMap((service) =>
  SIZES.map((size) => ({
    label: `${service} ${size}`,
    system: `Amazon RDS MySQL ${service}`,
    runs: [runOf(size, service)],
  })),
);

export const rdsMysqlTpcc: SeedComparison = {
  slug: 'rds-mysql-tpcc',
  title: 'Amazon RDS MySQL on TPC-C (tpcc-mysql): instance sweep, standard vs Multi-AZ',
  description:
    'Five RDS instance sizes, standard (single AZ) and Multi-AZ (synchronous standby), with hourly prices, tpmC, cost per transaction and 3-year $/tpmC (Table 4).',
  seed: '003',
  baseline: 0,
  sweep: { parameter: 'instance', values: ENTRIES.map((e) => e.label) },
  expectedFlags: ['F-HW-1', 'F-TOPO-1', 'F-MEAS-5'],
  expectedPasses: ['F-COST-2'],
  input: ComparisonInput.parse({ entries: ENTRIES }),
};

/** The same size on both services: the replication comparison of Figure 10. */
export const rdsMysqlStandardVsMultiAz: SeedComparison = {
  slug: 'rds-mysql-tpcc-standard-vs-multi-az-xlarge',
  title: 'Amazon RDS MySQL XLarge: standard vs Multi-AZ',
  description: 'The XLarge instance on the standard and the Multi-AZ service (Table 4).',
  seed: '003',
  baseline: 0,
  expectedFlags: ['F-TOPO-1', 'F-DISC-5'],
  input: ComparisonInput.parse({
    entries: ENTRIES.filter((e) => e.label.endsWith(' XLarge')),
  }),
};
