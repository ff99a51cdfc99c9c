import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';

export interface ServiceDatabaseOptions {
  url: string;
  /** The Postgres schema this service owns. No other service reads or writes it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
}

/** A TypeORM data source scoped to one service's schema. Tables change only by migration. */
export function createServiceDataSource(options: ServiceDatabaseOptions): DataSource {
  const config: DataSourceOptions = {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: { max: options.poolSize ?? 10 },
  };
  return new DataSource(config);
}

/**
 * Creates the schema and runs pending migrations under an advisory lock, so replicas that
 * start together (or a Helm pre-upgrade job racing a pod) migrate exactly once.
 */
export async function migrateServiceDatabase(dataSource: DataSource, schema: string): Promise<string[]> {
  const owned = !dataSource.isInitialized;
  if (owned) await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`sopwright:migrate:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '""')}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`sopwright:migrate:${schema}`]).catch(() => undefined);
    await runner.release();
    if (owned) await dataSource.destroy();
  }
}
