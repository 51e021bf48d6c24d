import { describe, expect, it } from 'vitest';
import { startControlled } from '../../../tests/paths/replay-actor.ts';
import { invoiceCsvMachine } from './invoice-csv.ts';
import { invoiceDetailMachine } from './invoice-detail.ts';
import { invoiceListMachine } from './invoice-list.ts';
import { sampleDetail, sampleSummary } from './invoice-samples.ts';
import {
  selectConfirmingDelete, selectConfirmingInvoice, selectCsvFetching, selectDetailGone, selectDetailUpload, selectListCsv, selectReviewImage, selectThumbnails, selectEnlargedImage, selectItemSearch, selectListSearch, selectListUpload, selectShownInvoices,
  selectShownItems,
} from './selectors.ts';

const list = async () => {
  const run = startControlled(invoiceListMachine, { actors: ['watch', 'deleteInvoice', 'upload', 'loadItems'], children: { csv: invoiceCsvMachine } });
  await run.replay({ type: 'invoices.loaded', invoices: [
    sampleSummary(),
    sampleSummary({ id: 8, description: 'Friday delivery', merchantName: 'Harbor Diner', status: 'problem' }),
    sampleSummary({ id: 9, description: 'Grill supplies', merchantName: 'Harbor Diner', status: 'inprocessing' }),
  ] }, 'loaded');
  return { ...run, now: () => run.actor.getSnapshot() };
};
const detail = async () => {
  const run = startControlled(invoiceDetailMachine, { actors: ['follow', 'upload', 'image'], input: { id: 7 } });
  const items = [
    sampleDetail().items[0]!,
    { ...sampleDetail().items[0]!, id: 2, description: 'Mozzarella Shredded', brand: 'Dairy Best', itemCode: '20551100' },
  ];
  await run.replay({ type: 'invoice.loaded', invoice: sampleDetail({ items }) }, 'loaded');
  return { ...run, now: () => run.actor.getSnapshot() };
};
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('what the invoice list shows', () => {
  it('the rows whose name, location or status hold the search, case aside, as typed', async () => {
    const s = await list();
    expect(ids(selectShownInvoices(s.now()))).toEqual([7, 8, 9]);
    s.actor.send({ type: 'invoices.searchChanged', search: ' GRILL ' });
    expect([selectListSearch(s.now()), ids(selectShownInvoices(s.now()))]).toEqual([' GRILL ', [7, 9]]);
    s.actor.send({ type: 'invoices.searchChanged', search: 'problem' });
    expect(ids(selectShownInvoices(s.now()))).toEqual([8]);
    s.actor.send({ type: 'invoices.searchChanged', search: 'nothing like it' });
    expect(selectShownInvoices(s.now())).toEqual([]);
  });

  it('a new status from the server is searched as it arrives', async () => {
    const s = await list();
    s.actor.send({ type: 'invoices.searchChanged', search: 'done' });
    await s.replay({ type: 'invoices.loaded', invoices: [sampleSummary(), sampleSummary({ id: 9, description: 'Grill supplies', status: 'done' })] }, 'loaded');
    expect(ids(selectShownInvoices(s.now()))).toEqual([7, 9]);
  });

  it('Delete Invoice names the row it asks about, and the Upload Invoice modal is there while open', async () => {
    const s = await list();
    expect([selectConfirmingInvoice(s.now()), selectListUpload(s.now())]).toEqual([null, null]);
    s.actor.send({ type: 'invoices.deleteAsked', id: 8 });
    expect(selectConfirmingInvoice(s.now())?.description).toBe('Friday delivery');
    s.actor.send({ type: 'invoices.uploadOpened' });
    expect(selectListUpload(s.now())).not.toBeNull();
  });
});

describe('what an invoice and its items pages show', () => {
  it("the items whose description, brand or item code hold the search; none before the invoice arrives", async () => {
    const s = await detail();
    expect(ids(selectShownItems(s.now()))).toEqual([1, 2]);
    s.actor.send({ type: 'invoice.searchChanged', search: 'dairy' });
    expect([selectItemSearch(s.now()), ids(selectShownItems(s.now()))]).toEqual(['dairy', [2]]);
    s.actor.send({ type: 'invoice.searchChanged', search: '1041337' });
    expect(ids(selectShownItems(s.now()))).toEqual([1]);
    const waiting = startControlled(invoiceDetailMachine, { actors: ['follow'], input: { id: 7 } });
    expect(selectShownItems(waiting.actor.getSnapshot())).toEqual([]);
  });

  it('the enlarged image, the delete dialog and the Add Images modal, each as opened and closed', async () => {
    const s = await detail();
    expect([selectEnlargedImage(s.now()), selectConfirmingDelete(s.now()), selectDetailUpload(s.now())]).toEqual([null, false, null]);
    s.actor.send({ type: 'invoice.imageEnlarged', imageId: 31 });
    s.actor.send({ type: 'invoice.deleteAsked' });
    s.actor.send({ type: 'invoice.addImagesOpened' });
    expect([selectEnlargedImage(s.now()), selectConfirmingDelete(s.now()), selectDetailUpload(s.now()) !== null]).toEqual([31, true, true]);
    s.actor.send({ type: 'invoice.imageClosed' });
    s.actor.send({ type: 'invoice.deleteCancelled' });
    expect([selectEnlargedImage(s.now()), selectConfirmingDelete(s.now())]).toEqual([null, false]);
  });
});

describe('the pages\' children', () => {
  it("the list's CSV is its child for the page's life", async () => {
    const s = await list();
    const csv = selectListCsv(s.now());
    csv.send({ type: 'csv.requested', id: 7 });
    expect(selectCsvFetching(csv.getSnapshot())).toBe(7);
    expect(selectListCsv(s.now())).toBe(csv);
  });

  it("the detail page's thumbnails are there once the invoice is; a malformed id leaves it nothing to show", async () => {
    const run = startControlled(invoiceDetailMachine, { actors: ['follow', 'image'], input: { id: 7 } });
    expect(selectThumbnails(run.actor.getSnapshot())).toEqual({});
    await run.replay({ type: 'invoice.loaded', invoice: sampleDetail() }, 'loaded');
    expect(Object.keys(selectThumbnails(run.actor.getSnapshot()))).toEqual(['31']);
    expect(selectDetailGone(run.actor.getSnapshot())).toBe(false);
    const bad = startControlled(invoiceDetailMachine, { actors: ['follow', 'image'], input: { id: Number.NaN } });
    expect(selectDetailGone(bad.actor.getSnapshot())).toBe(true);
  });

  it("the review's image is the selected line's, else the first", () => {
    const invoice = sampleDetail();
    const snapshot = (selected: number | null) => ({ context: { invoice, selected } }) as unknown as Parameters<typeof selectReviewImage>[0];
    expect(selectReviewImage(snapshot(null))).toMatchObject({ image: invoice.images[0], line: null, box: null });
    expect(selectReviewImage(snapshot(invoice.items[0]!.id)).line).toBe(invoice.items[0]);
  });
});
