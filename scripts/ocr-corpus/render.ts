// One invoice page as HTML (Chromium renders it to the clean image). Everything printed comes
// from the invoice's truth and the layout's formats, so what is printed is what is true.
import type { Invoice } from './invoices.ts';
import { labelsOf, type ColumnKey, type Layout } from './layouts.ts';
import type { TrueLine } from './truth.ts';

/** Letter size in CSS pixels (8.5 × 11 in at 96 px/in). */
export const PAGE_WIDTH = 816;
export const PAGE_HEIGHT = 1056;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function formatDate(iso: string, style: Layout['dates']): string {
  const [y, m, d] = iso.split('-');
  if (style === 'iso') return iso;
  if (style === 'mdy') return `${m}/${d}/${y}`;
  return `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}`;
}

export function formatMoney(n: number, { dollar, thousands }: Layout['money']): string {
  const digits = thousands ? n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : n.toFixed(2);
  return (dollar ? '$' : '') + digits;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const NUMERIC: ColumnKey[] = ['qty', 'price', 'total'];

function cell(line: TrueLine, key: ColumnKey, layout: Layout): string {
  switch (key) {
    case 'code': return line.itemCode;
    case 'description': return line.description;
    case 'brand': return line.brand;
    case 'pack': return line.pack;
    case 'uom': return line.uom;
    case 'packUom': return `${line.pack} ${line.uom}`;
    case 'qty': return String(line.quantity);
    case 'price': return formatMoney(line.unitPrice, layout.money);
    case 'total': return formatMoney(line.totalPrice, layout.money);
  }
}

function htmlTable(layout: Layout, lines: TrueLine[], withHeading: boolean): string {
  const attrs = (key: ColumnKey) => {
    const cls = NUMERIC.includes(key) ? 'n' : key === 'description' ? 'd' : '';
    const width = key === 'description' && layout.descWidth ? ` style="width:${layout.descWidth}px;max-width:${layout.descWidth}px"` : '';
    return `class="${cls}"${width}`;
  };
  const head = withHeading ? `<thead><tr>${layout.columns.map(([k, label]) => `<th ${attrs(k)}>${esc(label)}</th>`).join('')}</tr></thead>` : '';
  const rows = lines.map((l) => `<tr>${layout.columns.map(([k]) => `<td ${attrs(k)}>${esc(cell(l, k, layout))}</td>`).join('')}</tr>`).join('');
  return `<table class="items ${layout.table}">${head}<tbody>${rows}</tbody></table>`;
}

/** Words of `text` in lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const word of text.split(' ')) {
    const last = out.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/** A monospace listing: columns padded with spaces, long descriptions continued on the next line. */
function textTable(layout: Layout, lines: TrueLine[], withHeading: boolean): string {
  const descWidth = layout.descWidth ?? 40;
  const widths = layout.columns.map(([k, label]) =>
    k === 'description' ? descWidth : Math.max(label.length, ...lines.map((l) => cell(l, k, layout).length)));
  const row = (cells: string[]) => cells.map((c, i) => (NUMERIC.includes(layout.columns[i]![0]) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  const out: string[] = [];
  if (withHeading) out.push(row(layout.columns.map(([, label]) => label)), row(widths.map((w) => '-'.repeat(w))));
  for (const l of lines) {
    const [first, ...rest] = wrap(l.description, descWidth);
    out.push(row(layout.columns.map(([k]) => (k === 'description' ? first! : cell(l, k, layout)))));
    for (const more of rest) out.push(row(layout.columns.map(([k]) => (k === 'description' ? more : ''))));
  }
  return `<pre class=listing>${esc(out.join('\n'))}</pre>`;
}

function header(inv: Invoice, pageIndex: number): string {
  const { layout, merchant } = inv;
  const L = labelsOf(layout);
  const s = layout.seller;
  const date = formatDate(inv.invoiceDate, layout.dates);
  if (pageIndex > 0) {
    // Page 2 names the invoice again, nothing more.
    return `<div class=cont><b class=seller-name>${esc(s.name)}</b><br>${esc(L.invoice)}: ${inv.number} &nbsp;&nbsp; ${esc(L.date)}: ${date} &nbsp;&nbsp; (continued)</div>`;
  }
  const seller = `<div class=seller><div class=seller-name>${esc(s.name)}</div>${esc(s.street)}<br>${esc(s.city)}<br>Phone ${esc(s.phone)}</div>`;
  const meta = `<table class=meta>${[[L.invoice, inv.number], [L.date, date], [L.delivery, formatDate(inv.deliveryDate, layout.dates)]]
    .map(([k, v]) => `<tr><td>${esc(k!)}:</td><td>${esc(v!)}</td></tr>`).join('')}</table>`;
  const title = `<div class=title>${esc(L.title)}</div>`;
  const party = (label: string) => `<div class=party><b>${esc(label)}:</b><br>${esc(merchant.name)}<br>${esc(merchant.street)}<br>${esc(merchant.city)}</div>`;
  const inline = (label: string) => `<div class=party><b>${esc(label)}:</b> ${esc(merchant.name)}, ${esc(merchant.street)}, ${esc(merchant.city)}</div>`;
  switch (layout.header) {
    case 'left':
      return `${seller}${title}${meta}${inline(L.billTo)}${inline(L.shipTo)}`;
    case 'right':
      return `<div class=row><div>${party(L.billTo)}${party(L.shipTo)}</div><div class=right>${seller}${title}${meta}</div></div>`;
    case 'two-column':
      return `<div class=row><div>${seller}${party(L.billTo)}</div><div>${title}${meta}${party(L.shipTo)}</div></div>`;
  }
}

function totals(inv: Invoice): string {
  const L = labelsOf(inv.layout);
  const m = (n: number) => formatMoney(n, inv.layout.money);
  return `<table class=totals><tr><td>${esc(L.subtotal)}:</td><td>${m(inv.subtotal)}</td></tr><tr><td>${esc(L.tax)}:</td><td>${m(inv.tax)}</td></tr>`
    + `<tr class=grand><td>${esc(L.total)}:</td><td>${m(inv.total)}</td></tr></table>`;
}

function footer(layout: Layout, pageIndex: number, pages: number): string {
  const { pageNumbers, terms, thanks } = layout.footer;
  const left = [terms && `<div>${esc(terms)}</div>`, thanks && '<div class=thanks>Thank you for your business!</div>', pageIndex < pages - 1 && '<div>Continued on next page</div>'].filter(Boolean).join('');
  const right = pageNumbers || pages > 1 ? `Page ${pageIndex + 1} of ${pages}` : '';
  return `<div class=footer><div>${left}</div><div class=pageno>${right}</div></div>`;
}

function css(layout: Layout): string {
  const grid = layout.table === 'grid' ? 'border: 1px solid #222;' : '';
  return `
    * { box-sizing: border-box; }
    body { margin: 0; background: #fff; }
    .page { width: ${PAGE_WIDTH}px; min-height: ${PAGE_HEIGHT}px; padding: 44px 40px 36px; display: flex; flex-direction: column;
      font-family: ${layout.font}; font-size: ${layout.fontSize}px; color: #111; line-height: 1.35;
      ${layout.tilt ? `transform: rotate(${layout.tilt}deg); transform-origin: 50% 30%;` : ''} }
    .seller { margin-bottom: 6px; } .seller-name { font-size: 1.6em; font-weight: bold; }
    .title { font-size: 1.4em; font-weight: bold; letter-spacing: 1px; margin: 6px 0; }
    .meta td { padding: 1px 10px 1px 0; } .meta { border-collapse: collapse; margin-bottom: 8px; }
    .row { display: flex; justify-content: space-between; gap: 24px; } .row > div { flex: 1; }
    .right { text-align: right; } .right .meta { margin-left: auto; }
    .party { margin: 4px 0 8px; } .cont { margin-bottom: 12px; }
    table.items { border-collapse: collapse; width: 100%; margin-top: 10px; }
    .items th, .items td { padding: 4px 6px; text-align: left; white-space: nowrap; vertical-align: top; ${grid} }
    .items td.d, .items th.d { white-space: normal; }
    .items .n { text-align: right; }
    .items th { font-weight: bold; }
    .ruled th { border-top: 2px solid #000; border-bottom: 2px solid #000; } .ruled td { border-bottom: 1px solid #999; }
    .zebra th { background: #d9d9d9; } .zebra tbody tr:nth-child(even) { background: #ececec; }
    .unruled th { border-bottom: 1px solid #000; }
    .grid th { background: #f0f0f0; }
    pre.listing { font-family: inherit; font-size: inherit; margin: 10px 0; }
    .totals { margin: 14px 0 0 auto; border-collapse: collapse; } .totals td { padding: 2px 0 2px 24px; text-align: right; }
    .totals .grand td { font-weight: bold; border-top: 1px solid #000; }
    .footer { margin-top: auto; padding-top: 24px; display: flex; justify-content: space-between; gap: 24px; font-size: 0.85em; }
    .thanks { font-style: italic; margin-top: 4px; } .pageno { white-space: nowrap; }`;
}

export function pageHtml(inv: Invoice, pageIndex: number): string {
  const { layout, pages } = inv;
  const last = pageIndex === pages.length - 1;
  const withHeading = pageIndex === 0 || layout.twoPages?.repeatHeader === true;
  const table = (layout.table === 'text' ? textTable : htmlTable)(layout, pages[pageIndex]!, withHeading);
  return `<!doctype html><html><head><meta charset=utf-8><style>${css(layout)}</style></head><body><div class=page>`
    + `<div class=head>${header(inv, pageIndex)}</div>${table}${last ? totals(inv) : ''}${footer(layout, pageIndex, pages.length)}</div></body></html>`;
}
