import type { SnapshotFrom } from 'xstate';
import { REBATE_PAGE_SIZE } from '../../model/rebates.ts';
import type { pagedRebatesMachine } from './paged-rebates.ts';

/** What the rebate pages show (analytics spec §7), read from their machines' snapshots. */

export { rebatesDetailsExport, rebatesExport } from '../../model/rebate-export.ts';
export { FEEDBACK_FAILED_MESSAGE } from './feedback-dialog.ts';

type PagedSnapshot = SnapshotFrom<typeof pagedRebatesMachine>;

/** Load More (phones): offered while the server has more and a whole page has arrived. */
export const selectMayLoadMore = (s: PagedSnapshot) => s.context.hasMore && s.context.rows.length >= REBATE_PAGE_SIZE;
