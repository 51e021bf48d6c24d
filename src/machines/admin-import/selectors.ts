/** What the purchase import page shows (docs/import.md). */
export { IMPORT_COLUMNS, isImportFinished } from '../../model/purchase-import.ts';
