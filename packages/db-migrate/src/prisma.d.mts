export declare const workspaceDir: string;
export declare const schemaPath: string;
export declare const migrationsDir: string;
export declare function toPrisma6Dialect(schema: string): string;
export declare function diffMigrationsToSchema(
  databaseUrl: string,
  schemaText?: string,
): Promise<{ sql: string; differs: boolean }>;
