// What the rollup statements are written over: shared by the full rebuild (rollups.ts), the
// insights rollups and the import's additive refresh (incremental-rollups.ts).

/**
 * The tables the rollup statements read and write, by their real name. A full rebuild uses the
 * real tables; an import runs the same statements over its own lines into temp delta tables
 * (incremental-rollups.ts) and adds those to the real ones, so the two cannot drift apart.
 */
export type RollupTables = (table: string) => string;

export const REAL_TABLES: RollupTables = (table) => table;

/** Which houses' running totals a statement covers: an SQL condition on the column it is given (static SQL, never values). */
export type HouseScope = (distributor: string) => string;

export const ALL_HOUSES: HouseScope = () => 'true';
