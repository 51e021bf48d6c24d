import type { PageSpec } from '../shell/page-spec.ts';

/** The admin-switch pages the app's root actor runs (../shell/page-spec.ts). */
export const adminSwitchPages = {
} satisfies Record<string, PageSpec>;
