import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { adminPanelPageMachine } from './admin-panel.ts';
import { selectAdminPanelTab, selectAnnouncements, selectAuditLog, selectMeanTiming, selectPanelUser, selectTesting } from './selectors.ts';

type LoadSpeedSnapshot = Parameters<typeof selectMeanTiming>[0];
const withTimings = (timings: number[]) => ({ context: { timings } }) as unknown as LoadSpeedSnapshot;

describe('the load-speed test', () => {
  it('says the mean of the dashboard timings in whole ms, nothing before a run', () => {
    expect(selectMeanTiming(withTimings([]))).toBeNull();
    expect(selectMeanTiming(withTimings([10, 21]))).toBe(16);
    expect(selectMeanTiming(withTimings([120, 80, 100]))).toBe(100);
  });
});

describe('the admin panel page', () => {
  const stub = createMachine({});
  const start = () => createActor(adminPanelPageMachine.provide({ actors: { announcements: stub, testing: stub, user: stub, audit: stub } as never })).start();

  it('starts on Panel with the user editor; each tab runs its own section, afresh when shown again', () => {
    const page = start();
    expect([selectAdminPanelTab(page.getSnapshot()), !!selectPanelUser(page.getSnapshot()), !!selectAuditLog(page.getSnapshot())]).toEqual(['panel', true, false]);
    const firstEditor = selectPanelUser(page.getSnapshot());
    page.send({ type: 'adminPanel.auditShown' });
    expect([selectAdminPanelTab(page.getSnapshot()), !!selectPanelUser(page.getSnapshot()), !!selectAuditLog(page.getSnapshot())]).toEqual(['audit', false, true]);
    page.send({ type: 'adminPanel.panelShown' });
    expect(selectPanelUser(page.getSnapshot())).not.toBe(firstEditor);
    expect([!!selectAnnouncements(page.getSnapshot()), !!selectTesting(page.getSnapshot())]).toEqual([true, true]);
  });
});
