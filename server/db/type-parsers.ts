// pg returns int8 (bigint, count(*)) and numeric as strings by default to avoid precision
// loss. Money and counts in this app stay far below 2^53 and within double precision for
// cents, so plain JS numbers are safer to work with than strings everywhere.
import pg from 'pg';

const INT8 = 20;
const NUMERIC = 1700;

pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
