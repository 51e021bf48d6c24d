import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { allEdges } from '../../../tests/paths/machine-paths.ts';
import { memoryPageStore } from '../../services/page-store.ts';
import { MACHINES } from '../registry.ts';
import { selectLastPage, selectOrderDay, selectOrderMonths, selectViewAs } from './selectors.ts';
import { sessionMemoryMachine, type SessionMemoryEvent } from './session-memory.ts';

const entry = MACHINES.find((m) => m.name === 'session-memory')!;

/** A real session memory, with the headers the API client would send and the tab's storage. */
function start(pages = memoryPageStore()) {
  let provider = (): Record<string, string> => ({ unset: 'yes' });
  const actor = createActor(sessionMemoryMachine, { input: { pages, api: { setHeaderProvider: (next) => void (provider = next) } } }).start();
  return { actor, pages, header: () => provider() };
}

describe('session memory, model-based', () => {
  // Every generated path, replayed on a real actor: what the API sends and what a reload finds
  // always agree with what the memory holds.
  for (const edge of allEdges(entry)) {
    it(`${edge.path.map((e) => e.type).join(' → ')}`, () => {
      const s = start();
      for (const event of edge.path) {
        s.actor.send(event as SessionMemoryEvent);
        const c = s.actor.getSnapshot().context;
        expect(s.header()).toEqual(c.viewAs === null ? {} : { 'X-View-As': String(c.viewAs) });
        expect(s.pages.lastUrl('intel') ?? '/intel/list').toBe(c.lastUrls.intel);
        expect(s.pages.lastUrl('insights') ?? '/competitiveinsights/merchants').toBe(c.lastUrls.insights);
      }
    });
  }
});

describe('session memory', () => {
  it('sends X-View-As only while a user is chosen, and forgets everything on logout', () => {
    const s = start();
    expect(s.header()).toEqual({});
    s.actor.send({ type: 'session.viewAsChanged', userId: 3 });
    expect([selectViewAs(s.actor.getSnapshot()), s.header()]).toEqual([3, { 'X-View-As': '3' }]);
    s.actor.send({ type: 'session.pageVisited', section: 'intel', url: '/intel/detail/7/distributor' });
    s.actor.send({ type: 'session.forgotten' });
    expect([s.header(), selectLastPage('intel')(s.actor.getSnapshot()), s.pages.lastUrl('intel')]).toEqual([{}, '/intel/list', null]);
  });

  it('a reload comes back to the last Intel page; a page that no longer exists means the list', () => {
    const pages = memoryPageStore();
    start(pages).actor.send({ type: 'session.pageVisited', section: 'intel', url: '/intel/graph' });
    expect(selectLastPage('intel')(start(pages).actor.getSnapshot())).toBe('/intel/graph');
    pages.setLastUrl('intel', '/intel/gone');
    expect(selectLastPage('intel')(start(pages).actor.getSnapshot())).toBe('/intel/list');
  });

  it('keeps fetched months per merchant until the dashboard range changes', () => {
    const s = start();
    const invoice = { date: '2026-10-20', distributor: 'Other', distributorId: '9', invoiceNumber: 'A1', total: 10, lines: [] };
    s.actor.send({ type: 'session.monthFetched', merchantId: 1, month: '2026-10', invoices: [invoice as never] });
    s.actor.send({ type: 'session.monthFetched', merchantId: 1, month: '2026-09', invoices: [] });
    expect(Object.keys(selectOrderMonths(1)(s.actor.getSnapshot())).sort()).toEqual(['2026-09', '2026-10']);
    expect(selectOrderDay(1, '2026-10-20')(s.actor.getSnapshot())).toHaveLength(1);
    expect(selectOrderDay(1, '2026-10-21')(s.actor.getSnapshot())).toEqual([]);
    s.actor.send({ type: 'session.monthsForgotten' });
    expect(selectOrderMonths(1)(s.actor.getSnapshot())).toEqual({});
  });
});
