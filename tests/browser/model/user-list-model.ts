import { expect as baseExpect, type Page } from '@playwright/test';
import { NO_DISTRIBUTOR_USERS } from '../../../src/model/user-permissions.ts';
import type { BrowserModel } from './browser-model.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const table = (page: Page) => page.getByTestId('users-table');

/** User Management's list: loading, the users, no house to act for, the failure and its Retry. */
export const userListModel: BrowserModel = {
  machine: 'user-list',
  start: { 'page opened': (page) => openSignedIn(page, 'leader@harbor.test', '/user-management') },
  calls: { loadUsers: { url: '**/api/user/all' } },
  events: {
    'users.retry': (page) => page.getByRole('alert').getByRole('button', { name: 'Retry' }).click(),
  },
  states: {
    loading: (page) => expect(table(page)).toContainText('Loading users…'),
    loaded: (page) => expect(table(page).getByRole('cell', { name: 'dm@harbor.test' })).toBeVisible(),
    noDistributor: async (page) => {
      await expect(table(page)).toContainText(NO_DISTRIBUTOR_USERS);
      await expect(page.getByRole('alert')).toHaveCount(0);
    },
    failed: (page) => expect(page.getByRole('alert')).toContainText("Couldn't load the users."),
  },
};
