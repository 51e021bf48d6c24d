// Makes the invoice pictures the OCR tests, the benchmark and the seed use: HTML rendered once by
// Chromium at 150 dpi, then skewed, noised or JPEG-compressed with sharp. Run once and commit:
//   npx tsx scripts/make-invoice-fixtures.ts
// Writes tests/fixtures/invoices/<name>.(png|jpg) and truth.json (the true line items).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const OUT = path.resolve('tests/fixtures/invoices');
const PRODUCTS: [string, string, string, string, number][] = [
  ['Chicken Breast Boneless Skinless', 'Prairie Farms', '4/10 LB', 'CS', 62.4],
  ['Mozzarella Shredded Whole Milk', 'Dairy Valley', '4/5 LB', 'CS', 48.75],
  ['Tomatoes Diced In Juice', 'Sunripe', '6/#10', 'CS', 31.2],
  ['Canola Oil Clear Fry', 'Golden Fields', '35 LB', 'EA', 39.95],
  ['Flour All Purpose Enriched', 'Mill Street', '50 LB', 'BG', 21.6],
  ['Beef Ground 80/20 Chub', 'Ridge Ranch', '8/10 LB', 'CS', 189.5],
  ['Lettuce Romaine Hearts', 'Green Acre', '48 CT', 'CS', 42.1],
  ['Potatoes Fries Straight Cut', 'Harvest King', '6/5 LB', 'CS', 36.8],
  ['Eggs Large Grade A Loose', 'Sunny Hen', '15 DZ', 'CS', 38.25],
  ['Butter Solid Unsalted', 'Dairy Valley', '36/1 LB', 'CS', 112.0],
  ['Salmon Fillet Atlantic Skin On', 'North Sea', '10 LB', 'CS', 124.9],
  ['Rice Long Grain Parboiled', 'Delta Grain', '25 LB', 'BG', 18.45],
  ['Napkins Dinner White 2 Ply', 'Clean Table', '3000 CT', 'CS', 44.3],
  ['Coffee Ground Medium Roast', 'Morning Peak', '42/2.5 OZ', 'CS', 56.7],
  ['Sugar Granulated Cane', 'Sweet Valley', '50 LB', 'BG', 34.15],
  ['Bacon Sliced Applewood', 'Ridge Ranch', '15 LB', 'CS', 71.85],
];
export const FIXTURE_CODES = PRODUCTS.map((_, i) => String(10_412_000 + i * 137));

type Line = { itemCode: string; description: string; brand: string; pack: string; uom: string; quantity: number; unitPrice: number; totalPrice: number };
type Truth = { file: string; layout: 'A' | 'B'; variant: string; merchant: string; distributor: string; invoiceDate: string; deliveryDate: string; taxAmount: number; subtotal: number; lines: Line[] };

function linesFor(seed: number, count: number): Line[] {
  const out: Line[] = [];
  for (let k = 0; k < count; k++) {
    const i = (seed * 5 + k * 3) % PRODUCTS.length;
    const [description, brand, pack, uom, unitPrice] = PRODUCTS[i]!;
    const quantity = ((seed + k * 7) % 9) + 1;
    out.push({ itemCode: FIXTURE_CODES[i]!, description, brand, pack, uom, quantity, unitPrice, totalPrice: Math.round(quantity * unitPrice * 100) / 100 });
  }
  return out.filter((l, idx, all) => all.findIndex((o) => o.itemCode === l.itemCode) === idx);
}
const money = (n: number) => n.toFixed(2);

function html(t: Truth): string {
  const a = t.layout === 'A';
  const head = a
    ? '<tr><th>Item Code</th><th>Description</th><th>Brand</th><th>Pack</th><th>UOM</th><th>Qty</th><th>Unit Price</th><th>Total</th></tr>'
    : '<tr><th>Qty</th><th>Item #</th><th>Description</th><th>Brand</th><th>Pack</th><th>UOM</th><th>Price</th><th>Amount</th></tr>';
  const rows = t.lines.map((l) => a
    ? `<tr><td>${l.itemCode}</td><td>${l.description}</td><td>${l.brand}</td><td>${l.pack}</td><td>${l.uom}</td><td class=n>${l.quantity}</td><td class=n>${money(l.unitPrice)}</td><td class=n>${money(l.totalPrice)}</td></tr>`
    : `<tr><td class=n>${l.quantity}</td><td>${l.itemCode}</td><td>${l.description}</td><td>${l.brand}</td><td>${l.pack}</td><td>${l.uom}</td><td class=n>${money(l.unitPrice)}</td><td class=n>${money(l.totalPrice)}</td></tr>`).join('');
  const font = a ? 'Arial, Helvetica, sans-serif' : '"DejaVu Serif", Georgia, serif';
  return `<!doctype html><html><head><style>
    body { font-family: ${font}; font-size: 13px; margin: 40px; color: #111; width: 736px; }
    h1 { font-size: 22px; margin: 0 0 4px; } .meta { margin: 12px 0 18px; line-height: 1.6; }
    table { border-collapse: collapse; width: 100%; } th, td { padding: 5px 6px; text-align: left; ${a ? 'border-bottom: 1px solid #999;' : ''} }
    th { ${a ? 'background: #eee;' : 'border-bottom: 2px solid #000;'} } .n { text-align: right; }
    .sum { margin-top: 18px; text-align: right; line-height: 1.7; }
  </style></head><body>
    <h1>${t.distributor}</h1><div>${a ? 'INVOICE' : 'Delivery Invoice'}</div>
    <div class=meta>Bill To: ${t.merchant}<br>Invoice Date: ${t.invoiceDate}<br>Delivery Date: ${t.deliveryDate}</div>
    <table>${head}${rows}</table>
    <div class=sum>Subtotal: ${money(t.subtotal)}<br>Tax: ${money(t.taxAmount)}<br><b>Total Due: ${money(t.subtotal + t.taxAmount)}</b></div>
  </body></html>`;
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  // 816 CSS px = 8.5 in; a device scale of 150/96 gives 150 dpi.
  const page = await browser.newPage({ viewport: { width: 816, height: 1000 }, deviceScaleFactor: 150 / 96 });
  const variants = ['clean', 'skewed', 'noisy', 'jpeg', 'clean', 'skewed', 'noisy', 'jpeg', 'clean', 'noisy', 'skewed', 'jpeg'];
  const merchants = ['Blue Anchor Grill', 'Maple Street Diner', 'Harborview Bistro', 'Corner Slice Pizza'];
  const truth: Truth[] = [];
  for (const [n, variant] of variants.entries()) {
    const layout = n % 2 === 0 ? 'A' : 'B';
    const lines = linesFor(n + 1, 6 + (n % 5));
    const subtotal = Math.round(lines.reduce((s, l) => s + l.totalPrice, 0) * 100) / 100;
    const day = String((n % 27) + 1).padStart(2, '0');
    const name = `invoice-${String(n + 1).padStart(2, '0')}-${layout.toLowerCase()}-${variant}`;
    const t: Truth = {
      file: `${name}.${variant === 'jpeg' ? 'jpg' : 'png'}`, layout, variant, merchant: merchants[n % merchants.length]!,
      distributor: layout === 'A' ? 'Harbor Foods Boston' : 'Summit Provisions Hartford',
      invoiceDate: `2026-10-${day}`, deliveryDate: `2026-10-${String(Math.min(28, (n % 27) + 2)).padStart(2, '0')}`,
      taxAmount: Math.round(subtotal * 0.0625 * 100) / 100, subtotal, lines,
    };
    await page.setContent(html(t));
    const shot = await page.screenshot({ fullPage: true });
    let img = sharp(shot).grayscale();
    if (variant === 'skewed') img = sharp(await img.rotate(n % 4 === 1 ? 1.5 : -1.2, { background: '#ffffff' }).png().toBuffer());
    if (variant === 'noisy') {
      const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
      let s = n * 7919 + 1;
      for (let i = 0; i < data.length; i++) {
        s = (s * 1103515245 + 12345) & 0x7fffffff;
        if (s % 100 < 3) data[i] = s % 2 ? 0 : 255; // 3 % salt and pepper
        else data[i] = Math.max(0, Math.min(255, data[i]! + ((s >> 8) % 41) - 20));
      }
      img = sharp(data, { raw: info });
    }
    const file = path.join(OUT, t.file);
    if (variant === 'jpeg') await img.jpeg({ quality: 35 }).toFile(file);
    else await img.png({ palette: variant !== 'noisy', compressionLevel: 9 }).toFile(file);
    truth.push(t);
    console.log(`${t.file}: ${lines.length} lines, ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
  }
  fs.writeFileSync(path.join(OUT, 'truth.json'), JSON.stringify(truth, null, 2) + '\n');
  await browser.close();
}

if (process.argv[1]?.endsWith('make-invoice-fixtures.ts')) await main();
