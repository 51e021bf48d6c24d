import { setup } from 'xstate';
import { announcementsMachine } from './announcements-editor.ts';
import { auditLogMachine } from './audit-log.ts';
import { panelUserMachine } from './panel-user.ts';
import { storedTestingFlagMachine } from './testing-flag.ts';

/**
 * The /admin-panel page (accounts spec §2.9): the System Announcements modal (`announcements`) and
 * the testing flag (`testing`) for the page's life; its two tabs, each starting afresh when shown:
 * Panel with the user editor (`user`), Audit Log with the impersonation audit log (`audit`).
 */
export type AdminPanelTab = 'panel' | 'audit';

export type AdminPanelPageEvent = { type: 'adminPanel.panelShown' } | { type: 'adminPanel.auditShown' };

export const adminPanelPageMachine = setup({
  types: {
    events: {} as AdminPanelPageEvent,
    children: {} as { announcements: 'announcements'; testing: 'testing'; user: 'user'; audit: 'audit' },
  },
  actors: { announcements: announcementsMachine, testing: storedTestingFlagMachine, user: panelUserMachine, audit: auditLogMachine },
}).createMachine({
  id: 'adminPanelPage',
  invoke: [
    { id: 'announcements', src: 'announcements' },
    { id: 'testing', src: 'testing' },
  ],
  initial: 'panel',
  states: {
    panel: { invoke: { id: 'user', src: 'user' }, on: { 'adminPanel.auditShown': 'audit' } },
    audit: { invoke: { id: 'audit', src: 'audit' }, on: { 'adminPanel.panelShown': 'panel' } },
  },
});
