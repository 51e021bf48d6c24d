/** The run's template databases start with this (databases.ts builds them, global-setup.ts drops them). */
export const templatePrefix = (runId: string) => `portal_tpl_${runId}_`;
