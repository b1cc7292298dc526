/**
 * Which table the embedded database's upkeep (embedded-vacuum.ts) works on next, from the activity
 * PostgreSQL counts per table. The rule is autovacuum's (its defaults): a table is vacuumed once its
 * dead rows pass `50 + 0.2 × rows`, or its rows written since its last ANALYZE pass `50 + 0.1 × rows`
 * (inserts count: an insert-only table needs VACUUM too, to mark its pages all-visible for index-only
 * scans). So a table is vacuumed after a fixed share of it changed, and a shop that writes nothing
 * gets no work at all.
 */

/** What the database counts about one table (`pg_stat_user_tables` with `pg_class`). */
export interface TableActivity {
  schema: string;
  table: string;
  /** the table's rows: `pg_class.reltuples` of its last VACUUM or ANALYZE, or the live rows counted since start if more */
  rows: number;
  /** rows deleted or updated away since its last VACUUM (counted since start) */
  deadRows: number;
  /** rows inserted, updated or deleted since its last ANALYZE (counted since start) */
  modifiedRows: number;
  /** whether this run of the database vacuumed or analyzed it (its counters then cover all it holds) */
  countedSinceStart: boolean;
  /** its size on disk, indexes left out */
  bytes: number;
}

/** What the upkeep does to a table: `vacuum` is `VACUUM (ANALYZE)`; `analyze` only counts its dead rows. */
export type UpkeepAction = 'vacuum' | 'analyze';

export interface UpkeepStep {
  action: UpkeepAction;
  schema: string;
  table: string;
}

/** autovacuum_vacuum_threshold and autovacuum_vacuum_scale_factor's defaults. */
const VACUUM_BASE_ROWS = 50;
const VACUUM_SHARE = 0.2;
/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor's defaults. */
const ANALYZE_BASE_ROWS = 50;
const ANALYZE_SHARE = 0.1;
/**
 * The counters start at zero at each start of the embedded database (it writes no statistics file
 * when it closes), so the dead rows left before a restart are unknown until the table is analyzed.
 * Tables smaller than this are read whole in a few milliseconds whatever they hold: they are left to
 * the counters of this run, and the ANALYZE that counts them is spent on bigger tables only.
 */
const UNCOUNTED_FLOOR_BYTES = 1024 * 1024;

/**
 * How far past its threshold a table is (above 1: due), by the larger of its dead and its modified
 * rows; 0 when neither passed.
 */
function urgency(activity: TableActivity): number {
  const dead = activity.deadRows / (VACUUM_BASE_ROWS + VACUUM_SHARE * activity.rows);
  const modified = activity.modifiedRows / (ANALYZE_BASE_ROWS + ANALYZE_SHARE * activity.rows);
  const most = Math.max(dead, modified);
  return most > 1 ? most : 0;
}

/**
 * The one step of this turn: VACUUM (ANALYZE) of the table furthest past its threshold, else an
 * ANALYZE of the biggest table not yet counted since start (its dead rows are then known to the
 * next turns), else nothing.
 */
export function nextUpkeepStep(tables: readonly TableActivity[]): UpkeepStep | undefined {
  let due: { activity: TableActivity; urgency: number } | undefined;
  for (const activity of tables) {
    const past = urgency(activity);
    if (past > (due?.urgency ?? 0)) due = { activity, urgency: past };
  }
  if (due) return { action: 'vacuum', schema: due.activity.schema, table: due.activity.table };
  const uncounted = tables
    .filter((activity) => !activity.countedSinceStart && activity.bytes >= UNCOUNTED_FLOOR_BYTES)
    .sort((first, second) => second.bytes - first.bytes)[0];
  return uncounted && { action: 'analyze', schema: uncounted.schema, table: uncounted.table };
}
