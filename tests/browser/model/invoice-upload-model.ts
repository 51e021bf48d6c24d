import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, type Page, type Route } from '@playwright/test';
import type { BrowserModel } from './browser-model.ts';
import type { HeldCalls } from './held-calls.ts';
import { queueRequests, type RequestQueue } from './request-queue.ts';
import { openSignedIn } from './signed-in.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const FIXTURES = path.resolve('tests/fixtures/invoices');
// The registration's sample files, as real pages (and a file one byte over the limit).
const BYTES: Record<string, () => Buffer> = {
  'page-1.png': () => fs.readFileSync(path.join(FIXTURES, 'invoice-01-a-clean.png')),
  'page-2.png': () => fs.readFileSync(path.join(FIXTURES, 'invoice-05-a-clean.png')),
  'huge.png': () => Buffer.alloc(10_000_001),
};
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send Images' });
const retryButton = (page: Page) => page.getByRole('button', { name: 'Retry' });

/**
 * Each file's upload is held until the path says how it ends: `upload.fileDone` lets the real
 * server make the new invoice (a file joining an invoice is answered as the server would, so
 * paths can send the same names again), `upload.fileFailed` answers 500. Progress needs no
 * action: the bar moves as the file is sent.
 */
const uploads = new WeakMap<Page, RequestQueue>();
async function holdUploads(page: Page) {
  uploads.set(page, await queueRequests(page, /\/api\/invoice(\/\d+)?$/));
}
async function answer(page: Page, how: (route: Route) => Promise<void>) {
  await how(await uploads.get(page)!.take('the modal should have sent a file'));
}

/**
 * In the paths that say how the locations' call ends, its answer comes late, as when the modal
 * opens while the database fails over: the first try gets the server's answer then (503 with
 * Retry-After: 1, server/app.ts) and the client sends it again a second later
 * (src/services/retry-unanswered.ts); that try is held until the path settles it. Between the
 * tries nothing covers the modal, so a user adds files and sends before the locations come.
 */
async function openModal(page: Page, calls: HeldCalls, button: string) {
  if (calls.controls('locations')) {
    let tries = 0;
    await page.route('**/api/merchant', (route) =>
      tries++ === 0
        ? route.fulfill({ status: 503, headers: { 'retry-after': '1' }, json: { message: 'The database is not reachable for a moment. Please try again.' } })
        : route.fallback());
  }
  await page.getByRole('button', { name: button }).click();
}

/** The Upload Invoice modal on the invoice list, against the real server. */
export const invoiceUploadModel: BrowserModel = {
  machine: 'invoice-upload',
  start: {
    'new invoice': async (page, calls) => {
      await holdUploads(page);
      await openSignedIn(page, 'leader@harbor.test', '/invoice/scanning');
      await openModal(page, calls, 'Upload Invoice');
    },
    // Invoice 7 is one of Harbor Foods Boston's demo invoices (the seed numbers Boston's first).
    'adding images to invoice 7': async (page, calls) => {
      await holdUploads(page);
      await openSignedIn(page, 'leader@harbor.test', '/invoice/7');
      await openModal(page, calls, 'Add Images');
    },
  },
  // The Location field's suggestions: the house's locations, asked as the modal opens (held only in
  // the paths that say how they end, see openModal). While a try is out the app-wide spinner covers
  // the modal, but not the keyboard: the buttons are pressed by it (Enter), the same click for the
  // app, so a path goes on while the held try keeps the spinner up.
  calls: { locations: { url: '**/api/merchant', onlyInPathsSettlingIt: true } },
  events: {
    'upload.fieldChanged': (page, e) => page.getByRole('textbox', { name: e.field === 'description' ? 'Invoice Name' : 'Location' }).fill(String(e.value)),
    'upload.filesAdded': (page, e) => page.getByLabel('Invoice images').setInputFiles(
      (e.files as { name: string }[]).map((f) => ({ name: f.name, mimeType: 'image/png', buffer: BYTES[f.name]!() }))),
    'upload.send': (page) => sendButton(page).press('Enter'),
    'upload.retry': (page) => retryButton(page).press('Enter'),
    'upload.cleared': (page) => page.getByRole('button', { name: 'Clear Images' }).press('Enter'),
    'upload.closed': (page) => page.keyboard.press('Escape'),
    'upload.progress': async () => {},
    'upload.fileDone': (page) => answer(page, (route) => {
      const joining = /\/invoice\/(\d+)$/.exec(route.request().url());
      return joining ? route.fulfill({ json: { id: Number(joining[1]), imageId: 2_000_000 + Math.floor(Math.random() * 1000) } }) : route.continue();
    }),
    'upload.fileFailed': (page) => answer(page, (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong' } })),
  },
  states: {
    idle: async (page) => {
      await expect(sendButton(page)).toBeVisible();
      await expect(sendButton(page)).not.toHaveAttribute('data-loading', 'true');
      await expect(retryButton(page)).toHaveCount(0);
    },
    uploading: (page) => expect(sendButton(page)).toHaveAttribute('data-loading', 'true'),
    success: (page) => expect(page.getByText('Successfully Uploaded Invoice!')).toBeVisible(),
    partialSuccess: async (page) => {
      await expect(page.getByText('Some Of Your Images Failed to Upload.')).toBeVisible();
      await expect(retryButton(page)).toBeVisible();
    },
    failure: async (page) => {
      await expect(page.getByRole('dialog').getByText(/^Failed to upload page-/)).toBeVisible();
      await expect(retryButton(page)).toBeVisible();
    },
    closed: (page) => expect(page.getByRole('dialog')).toHaveCount(0),
  },
  // A closed modal's machine has ended, its call for the locations stopped with it: no answer reaches it.
  only: (path) => path.states.slice(0, -1).every((s) => s !== 'closed'),
};
