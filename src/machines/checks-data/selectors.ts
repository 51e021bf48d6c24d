/** What the checks-data section explains and offers (the kinds of check data and their columns). */
export { CHECKS_DATA_LABELS, CHECKS_DATA_TYPES, COLUMNS } from '../../model/checks-data.ts';
