import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, type AnyEventObject } from 'xstate';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { merchantCheckPageMachine } from './merchant-checks.ts';
import { selectMerchantDetails, selectMerchantName } from './selectors.ts';

describe('merchant check page', () => {
  it("shows the merchant's check from the newest quarter, titled as the route says", () => {
    const s = startControlled(merchantCheckPageMachine, { actors: ['details'], input: { merchantId: 7, name: 'Blue Anchor Grill', distributorId: 10 } });
    expect(s.callsOf('details').map((c) => c.input)).toEqual([{ merchantId: 7, timeframe: null, distributorId: 10 }]);
    expect(selectMerchantDetails(s.actor.getSnapshot())).not.toBeNull();
    s.actor.send({ type: 'route.changed', place: { pathname: '/paymentinformation/7/Blue%20Anchor', search: '', hash: '' } as never, params: { merchantid: '7', merchant: 'Blue Anchor' } });
    expect(selectMerchantName(s.actor.getSnapshot())).toBe('Blue Anchor');
  });

  it('a malformed merchant id sends the page to the list, asking for nothing', () => {
    const told: AnyEventObject[] = [];
    const app = createMachine({
      invoke: [
        { id: 'router', systemId: 'router', src: fromCallback(({ receive }) => receive((e) => told.push(e))) },
        { id: 'page', src: merchantCheckPageMachine, input: { merchantId: Number('x'), name: 'x', distributorId: 10 } },
      ],
    });
    const actor = createActor(app).start();
    const page = actor.getSnapshot().children.page!;
    expect([page.getSnapshot().value, selectMerchantDetails(page.getSnapshot() as never), told]).toEqual([
      'malformed', null, [{ type: 'route.go', to: '/paymentinformation/list', replace: true }],
    ]);
    actor.stop();
  });
});
