export { Store, defaultDbPath, DEFAULT_MAX_PROGRESS_SAMPLES } from './store';
export { StoreError, describeDbError, type StoreErrorCode } from './errors';
export { migrations, migrate, latestVersion, type Migration, type MigrationSql } from './migrations';
export { thinPlan } from './thin';
export * from './types';
export { describeOwner, ownerGone, ownerKey, thisProcess, type Lease, type LeaseGrant, type LeaseOwner } from './leases';
