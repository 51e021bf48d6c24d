// Vouchers and check details as PDF pages (pdfkit, its standard Helvetica: no font files to ship).
// Each function draws onto a document the caller owns, so one voucher, one merchant's details, a
// bulk print of hundreds and the business panel's spreadsheet all share the same drawing code.
import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { firstOf } from './stream-wait.ts';
import { amountInWords } from '../../src/model/payments.ts';
import { money, PAYER, type Breakdown, type VoucherData } from './voucher-data.ts';

type Doc = PDFKit.PDFDocument;

const MARGIN = 50;
const WIDTH = 612 - 2 * MARGIN; // US Letter
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#999999';

export function newPdf(title: string): Doc {
  return new PDFDocument({ size: 'LETTER', margin: MARGIN, autoFirstPage: false, info: { Title: title, Author: PAYER.name }, compress: true });
}

/** The whole document as one buffer (a single voucher or detail: a few KB). */
export function pdfBuffer(draw: (doc: Doc) => void, title: string): Promise<Buffer> {
  const doc = newPdf(title);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/**
 * A document whose pages are drawn one source item at a time and streamed as they are written;
 * drawing waits while the reader is behind, so a 20,000-page document is never whole in memory.
 */
export function pdfStream<T>(title: string, items: Iterable<T> | AsyncIterable<T>, draw: (doc: Doc, item: T) => void): Readable {
  const doc = newPdf(title);
  const stream = doc as unknown as Readable;
  void (async () => {
    try {
      for await (const item of items) {
        if (stream.destroyed) return;
        draw(doc, item);
        while (stream.readableLength > stream.readableHighWaterMark && !stream.destroyed) await firstOf(stream, ['data', 'close']);
      }
    } catch (error) {
      doc.emit('error', error);
      return;
    }
    doc.end();
  })();
  return stream;
}

const formatDate = (day: string) => (day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '');
const methodLabel = (method: string) => (method === 'Check' ? 'Check' : `ACH (${method})`);

/** One voucher: the check at the top, its stub with both breakdowns below (continued on more pages when long). */
export function drawVoucher(doc: Doc, v: VoucherData): void {
  doc.addPage();
  const top = MARGIN;
  doc.rect(MARGIN, top, WIDTH, 250).lineWidth(1.2).strokeColor(INK).stroke();
  // Payer and check number
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(PAYER.name, MARGIN + 14, top + 14, { width: 330 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(PAYER.address.join('\n'), { width: 330 });
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(`Check No. ${v.checkno || '—'}`, MARGIN + 330, top + 14, { width: WIDTH - 344, align: 'right' });
  doc.font('Helvetica').fontSize(10).text(`Date: ${formatDate(v.date)}`, { width: WIDTH - 344, align: 'right' });
  doc.text(`Payment: ${methodLabel(v.paymentmethod)}`, { width: WIDTH - 344, align: 'right' });
  // Payee and amount
  const payY = top + 92;
  doc.fontSize(8).fillColor(MUTED).text('PAY TO THE ORDER OF', MARGIN + 14, payY);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(v.payee, MARGIN + 14, payY + 12, { width: 360 });
  doc.rect(MARGIN + WIDTH - 150, payY + 6, 136, 28).lineWidth(1).stroke();
  doc.fontSize(14).text(money(v.amount), MARGIN + WIDTH - 146, payY + 14, { width: 128, align: 'right' });
  doc.font('Helvetica').fontSize(10).text(amountInWords(v.amount), MARGIN + 14, payY + 50, { width: WIDTH - 28 });
  doc.moveTo(MARGIN + 14, payY + 64).lineTo(MARGIN + WIDTH - 14, payY + 64).lineWidth(0.5).strokeColor(RULE).stroke();
  // Memo line
  doc.fillColor(MUTED).fontSize(9).text(`Memo: ${v.quarter} rebate${v.relationship ? ` — ${v.relationship}` : ''}`, MARGIN + 14, payY + 78, { width: 330 });
  if (v.platformClientId) doc.text(`Platform client id: ${v.platformClientId}`, { width: 330 });
  doc.fillColor(INK).text('Authorised signature', MARGIN + WIDTH - 180, payY + 120, { width: 166, align: 'center' });
  doc.moveTo(MARGIN + WIDTH - 180, payY + 117).lineTo(MARGIN + WIDTH - 14, payY + 117).strokeColor(INK).stroke();
  // Stub
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(`Rebate voucher — ${v.quarter}`, MARGIN, top + 270);
  drawTable(doc, 'Locations', 'Location', v.locations);
  drawTable(doc, 'Manufacturers', 'Manufacturer', v.manufacturers);
}

/** A check's details: who, what and when, then every location and manufacturer as a table over pages. */
export function drawCheckDetails(doc: Doc, v: VoucherData): void {
  doc.addPage();
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text('Check Details', MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).moveDown(0.4);
  const facts: [string, string][] = [
    ['Payee', v.payee],
    ['Account MAP Relationship', v.relationship],
    ['Platform client id', v.platformClientId],
    ['Quarter', v.quarter],
    ['Check number', v.checkno],
    ['Payment', methodLabel(v.paymentmethod)],
    ['Date', formatDate(v.date)],
    ['Amount', money(v.amount)],
  ];
  for (const [label, value] of facts.filter(([, value]) => value !== '')) {
    const y = doc.y;
    doc.fillColor(MUTED).text(label, MARGIN, y, { width: 160 });
    doc.fillColor(INK).text(value, MARGIN + 160, y, { width: WIDTH - 160 });
  }
  doc.moveDown(0.6);
  drawTable(doc, 'Locations', 'Location', v.locations);
  drawTable(doc, 'Manufacturers', 'Manufacturer', v.manufacturers);
}

const ROW = 16;

/** A titled two-column table (name, amount) with the rows' total; a new page repeats the header. */
function drawTable(doc: Doc, title: string, column: string, rows: readonly Breakdown[]): void {
  const total = rows.reduce((sum, r) => sum + Math.round(r.amount * 100), 0) / 100;
  const bottom = doc.page.height - MARGIN;
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
    const y = doc.y;
    doc.rect(MARGIN, y - 3, WIDTH, ROW).fillColor('#eeeeee').fill().fillColor(INK);
    doc.text(column, MARGIN + 6, y, { width: WIDTH - 140, lineBreak: false });
    doc.text('Amount', MARGIN + WIDTH - 126, y, { width: 120, align: 'right', lineBreak: false });
    doc.x = MARGIN;
    doc.y = y + ROW;
    doc.font('Helvetica');
  };
  if (doc.y + 3 * ROW > bottom) doc.addPage();
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor(INK).text(`${title} (${rows.length})`, MARGIN, doc.y);
  doc.moveDown(0.3);
  header();
  const line = (name: string, amount: number, bold: boolean) => {
    if (doc.y + ROW > bottom) {
      doc.addPage();
      doc.font('Helvetica-Oblique').fontSize(9).fillColor(MUTED).text(`${title} (continued)`, MARGIN, MARGIN);
      doc.moveDown(0.3);
      header();
    }
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(INK);
    doc.text(name, MARGIN + 6, y, { width: WIDTH - 140, lineBreak: false, ellipsis: true });
    doc.text(money(amount), MARGIN + WIDTH - 126, y, { width: 120, align: 'right', lineBreak: false });
    doc.moveTo(MARGIN, y + ROW - 4).lineTo(MARGIN + WIDTH, y + ROW - 4).lineWidth(0.3).strokeColor('#dddddd').stroke();
    doc.x = MARGIN;
    doc.y = y + ROW;
  };
  for (const row of [...rows].sort((a, b) => b.amount - a.amount)) line(row.name, row.amount, false);
  line('Total', total, true);
}
