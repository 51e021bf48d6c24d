import { expect as baseExpect, type Page } from '@playwright/test';
import type { BrowserModel } from './browser-model.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const similarRows = (page: Page) => page.getByTestId('similar-items-table').locator('tbody tr');
const dialog = (page: Page) => page.getByRole('dialog', { name: /^(Give Feedback|Recommend Similar Item)$/ });
const notice = (page: Page) => page.getByText('Feedback Sent!');

/** The Similar Items page of the first of all rebates, as a user reaches it: the row's panel, then its link. */
async function openSimilarItems(page: Page) {
  await openSignedIn(page, 'leader@harbor.test', '/rebates/list');
  await page.getByRole('tab', { name: 'ALL REBATES' }).click();
  await page.getByRole('button', { name: /^View similar items of / }).first().click();
  await page.getByRole('dialog', { name: 'Similar Items' }).getByRole('link', { name: 'Open the Similar Items page' }).click();
  await expect(similarRows(page).first()).toBeVisible();
}

/** Feedback on a similar item: Leave Feedback (a bad match) or Recommend, Send, 'Feedback Sent!' for 4 s. */
export const feedbackDialogModel: BrowserModel = {
  machine: 'feedback-dialog',
  start: { 'dialog closed': openSimilarItems },
  calls: { sendFeedback: { url: '**/api/match/feedback' } },
  events: {
    'feedback.opened': (page, e) => (e.mode === 'badMatch'
      ? similarRows(page).first().getByRole('button', { name: 'Leave Feedback' }).click()
      : page.getByRole('button', { name: '+ Recommend Similar Item' }).click()),
    'feedback.textChanged': (page, e) => dialog(page).getByRole('textbox').fill(String(e.value)),
    'feedback.submitted': (page) => dialog(page).getByRole('button', { name: 'Send' }).click(),
    'feedback.closed': (page) => dialog(page).getByRole('button', { name: 'Cancel' }).click(),
    // The notice goes by itself: the user waits.
    'feedback.noticeExpired': (page) => expect(notice(page)).toHaveCount(0, { timeout: 8_000 }),
  },
  states: {
    closed: async (page) => {
      await expect(dialog(page)).toHaveCount(0);
      await expect(notice(page)).toHaveCount(0);
    },
    editing: async (page) => {
      await expect(dialog(page).getByRole('textbox')).toBeEditable();
      await expect(dialog(page).getByRole('button', { name: 'Send' })).not.toHaveAttribute('data-loading');
    },
    sending: (page) => expect(dialog(page).getByRole('button', { name: 'Send' })).toHaveAttribute('data-loading', 'true'),
    sent: async (page) => {
      await expect(notice(page)).toBeVisible();
      await expect(dialog(page)).toHaveCount(0);
    },
  },
};
