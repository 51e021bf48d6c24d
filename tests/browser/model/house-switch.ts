import { expect, type Page } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { queueRequests, type RequestQueue } from './request-queue.ts';

/**
 * The House selector of the dashboard and Intel headers, for houses@harbor.test (a leader of
 * Boston with two more houses, seeded for browser tests that switch). The switch
 * (POST /api/user/active-distributor/:id) is held until the path says how it ends: switched is
 * answered with the path's sample house, so the server's active house never changes; kept fails.
 */
export const MULTI_HOUSE_LEADER = 'houses@harbor.test';

const switches = new WeakMap<Page, RequestQueue>();
export async function holdHouseSwitch(page: Page) {
  switches.set(page, await queueRequests(page, /\/api\/user\/active-distributor\/\d+$/));
}
const takeSwitch = (page: Page) => switches.get(page)!.take('the app should have asked to switch the house');

export const houseSelect = (page: Page) => page.getByRole('textbox', { name: 'House' });

export const houseSwitchEvents = {
  /** Another house than the one active. */
  pickOtherHouse: async (page: Page) => {
    await houseSelect(page).click();
    await page.getByRole('option', { name: 'Harbor Foods Portland' }).click();
  },
  'houseSwitch.switched': async (page: Page, e: AnyEventObject) => {
    const house = e.activeDistributor as { id: number };
    await (await takeSwitch(page)).fulfill({ json: { channelPartner: { distributor_id: house.id }, activeDistributor: house } });
  },
  /** Picks another house and answers the switch with the event's channel partner and house (auth routing's `auth.houseChanged`). */
  houseChanged: async (page: Page, e: AnyEventObject) => {
    await houseSwitchEvents.pickOtherHouse(page);
    await (await takeSwitch(page)).fulfill({ json: { channelPartner: e.channelPartner, activeDistributor: e.activeDistributor } });
  },
  'houseSwitch.kept': async (page: Page) => (await takeSwitch(page)).fulfill({ status: 500, json: { message: 'Something went wrong' } }),
};

/** While the switch is under way the selector is disabled. */
export const switchingHouse = (page: Page) => expect(houseSelect(page)).toBeDisabled({ timeout: 15_000 });
