// Choosing an option of a Mantine select by keyboard, as a user does where the app-wide spinner
// takes the pointer (dashboard-model.ts, intel-model.ts).
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Opens the select `input` by keyboard, moves to the option `option` names with the arrow keys
 * (up or down from where it is: the list need not wrap), then takes it. The list is read again at
 * each step: other tests add users to it.
 */
export async function chooseByKeys(page: Page, input: Locator, option: RegExp) {
  await expect(input).toBeEnabled();
  // The option under the pointer is selected as it opens: the pointer goes out of the way.
  await page.mouse.move(0, 0);
  await input.press('ArrowDown');
  // This select's own list (another's may still be in the page, closing).
  await expect(input).toHaveAttribute('aria-controls', /./);
  const list = page.locator(`[id="${await input.getAttribute('aria-controls')}"]`);
  const options = list.locator('[data-combobox-option]');
  const selected = list.locator('[data-combobox-option][data-combobox-selected]');
  // Mantine marks the option it opens on before the list may be drawn (under load its own index of
  // it stays unset, and Enter then takes nothing): a key pressed once the list is there sets both.
  await expect(options.first()).toBeVisible();
  await input.press('ArrowDown');
  await expect(async () => {
    const texts = await options.allTextContents();
    const target = texts.findIndex((t) => option.test(t));
    expect(target, `an option ${option} in ${await input.getAttribute('aria-label')}`).toBeGreaterThanOrEqual(0);
    const at = texts.indexOf((await selected.allTextContents())[0] ?? '');
    if (at !== target) await input.press(at >= 0 && at < target ? 'ArrowDown' : 'ArrowUp');
    expect((await selected.allTextContents())[0]).toMatch(option);
  }).toPass({ intervals: [50], timeout: 15_000 });
  await input.press('Enter');
}
