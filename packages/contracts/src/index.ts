export * from './errors.ts';
export * from './ingest.ts';
export * from './provenance.ts';
