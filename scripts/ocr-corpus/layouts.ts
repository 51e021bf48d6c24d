// The invoice layouts of the OCR corpus, as data: column order and header words, header block,
// table style, font, date and money formats, pages. Each imitates a kind of invoice US foodservice
// distributors print.
//
// HOLD-OUT: the layouts marked `heldOut: true` judge the reader on layouts it was not tuned on.
// Never look at their images, texts or scores while tuning the reader (run `npm run bench:ocr --
// --dev`), or the held-out figures stop meaning anything. The split is fixed here, not drawn.

export type ColumnKey = 'code' | 'description' | 'brand' | 'pack' | 'uom' | 'packUom' | 'qty' | 'price' | 'total';
export type Labels = {
  title: string; invoice: string; date: string; delivery: string; billTo: string; shipTo: string;
  subtotal: string; tax: string; total: string;
};
export type Seller = { name: string; street: string; city: string; phone: string };

export type Layout = {
  id: string;
  heldOut: boolean;
  /** The kind of invoice it imitates. */
  note: string;
  seller: Seller;
  /** Left to right: what the column holds and its heading. `packUom` prints "4/10 LB CS" in one column. */
  columns: [ColumnKey, string][];
  /** Item codes: '#' a digit, 'A' a letter (needed with a 'code' column). */
  codePattern?: string;
  invoiceNumberPattern: string;
  /** Where the header block sits: stacked on the left, seller and dates on the right, or two columns. */
  header: 'left' | 'right' | 'two-column';
  font: string;
  fontSize: number;
  /** 'text': a monospace listing with columns aligned by spaces, no table at all. */
  table: 'grid' | 'ruled' | 'unruled' | 'zebra' | 'text';
  dates: 'mdy' | 'iso' | 'long';
  money: { dollar: boolean; thousands: boolean };
  upper?: boolean;
  /** Width of the description column (px, or characters for 'text'): long names wrap onto a second line. */
  descWidth?: number;
  /** Two-page invoices: lines on page 1, and whether page 2 repeats the table's heading. */
  twoPages?: { firstPageLines: number; repeatHeader: boolean };
  footer: { pageNumbers?: boolean; terms?: string; thanks?: boolean };
  /** The whole page printed at a slight angle (degrees), even in the clean image. */
  tilt?: number;
  /** Meat by weight: some quantities are pounds with decimals (one layout only). */
  catchWeight?: boolean;
  taxRate: number;
  labels?: Partial<Labels>;
  /** How many lines an invoice has. */
  lines: [number, number];
};

export const DEFAULT_LABELS: Labels = {
  title: 'INVOICE', invoice: 'Invoice #', date: 'Invoice Date', delivery: 'Delivery Date', billTo: 'Bill To', shipTo: 'Ship To',
  subtotal: 'Subtotal', tax: 'Tax', total: 'Total Due',
};

const SANS = '"Liberation Sans", Arial, sans-serif';
const SANS_NARROW = '"Liberation Sans Narrow", "Liberation Sans", sans-serif';
const DEJAVU_SANS = '"DejaVu Sans", sans-serif';
const SERIF = '"Liberation Serif", "Times New Roman", serif';
const DEJAVU_SERIF = '"DejaVu Serif", serif';
const MONO = '"DejaVu Sans Mono", monospace';
const LIBERATION_MONO = '"Liberation Mono", monospace';
const TERMS = 'Terms: Net 14 days. Past due balances are subject to a 1.5% monthly service charge. Claims must be made at time of delivery.';

export const LAYOUTS: Layout[] = [
  {
    id: 'classic-table', heldOut: false, note: 'clean printed table: item code, description, brand, pack, UOM, qty, price, total',
    seller: { name: 'Harbor Foods Boston', street: '200 Innovation Way', city: 'Boston, MA 02210', phone: '(617) 555-0142' },
    columns: [['code', 'Item Code'], ['description', 'Description'], ['brand', 'Brand'], ['pack', 'Pack'], ['uom', 'UOM'], ['qty', 'Qty'], ['price', 'Unit Price'], ['total', 'Total']],
    codePattern: '#######', invoiceNumberPattern: '#######', header: 'right', font: SANS, fontSize: 12, table: 'ruled',
    dates: 'mdy', money: { dollar: false, thousands: false }, footer: { pageNumbers: true, thanks: true }, taxRate: 0.0625, lines: [6, 12],
  },
  {
    id: 'delivery-ticket', heldOut: false, note: 'slightly rotated monospace delivery ticket, columns aligned with spaces, QTY first',
    seller: { name: 'Green Mountain Provisions', street: '18 Depot Road', city: 'Williston, VT 05495', phone: '802-555-0187' },
    columns: [['qty', 'QTY'], ['uom', 'U/M'], ['code', 'ITEM'], ['description', 'DESCRIPTION'], ['pack', 'PACK'], ['price', 'PRICE'], ['total', 'AMOUNT']],
    codePattern: '######', invoiceNumberPattern: '######', header: 'left', font: MONO, fontSize: 12, table: 'text', upper: true, descWidth: 30,
    dates: 'mdy', money: { dollar: false, thousands: false }, tilt: 0.8, taxRate: 0, lines: [5, 10],
    footer: { terms: 'RECEIVED IN GOOD CONDITION BY: ______________________' },
    labels: { title: 'DELIVERY TICKET', invoice: 'INVOICE NO', date: 'DATE', delivery: 'DELIVERY DATE', billTo: 'SOLD TO', shipTo: 'SHIP TO', subtotal: 'SUBTOTAL', tax: 'TAX', total: 'TOTAL' },
  },
  {
    id: 'qty-first-extension', heldOut: false, note: 'two-column header with QTY first and EACH/EXTENSION columns',
    seller: { name: 'Summit Provisions', street: '45 Commerce Drive', city: 'Hartford, CT 06114', phone: '(860) 555-0110' },
    columns: [['qty', 'QTY'], ['code', 'ITEM #'], ['description', 'DESCRIPTION'], ['packUom', 'PACK/SIZE'], ['price', 'EACH'], ['total', 'EXTENSION']],
    codePattern: '########', invoiceNumberPattern: 'SP-######', header: 'two-column', font: SERIF, fontSize: 13, table: 'zebra',
    dates: 'iso', money: { dollar: false, thousands: true }, footer: { pageNumbers: true, terms: TERMS }, taxRate: 0.07, lines: [6, 12],
    labels: { invoice: 'Invoice No.', total: 'Invoice Total' },
  },
  {
    id: 'zebra-sku', heldOut: false, note: 'striped rows, SKU and Shipped columns, dollar signs',
    seller: { name: 'Bayou Fresh Distributors', street: '9100 Airline Highway', city: 'Baton Rouge, LA 70815', phone: '225-555-0199' },
    columns: [['code', 'SKU'], ['description', 'Product'], ['brand', 'Brand'], ['pack', 'Pack Size'], ['uom', 'U/M'], ['qty', 'Shipped'], ['price', 'Price'], ['total', 'Ext Price']],
    codePattern: '######', invoiceNumberPattern: '########', header: 'left', font: DEJAVU_SANS, fontSize: 11, table: 'zebra',
    dates: 'iso', money: { dollar: true, thousands: true }, footer: { pageNumbers: true, thanks: true }, taxRate: 0.045, lines: [6, 12],
    labels: { title: 'Sales Invoice', invoice: 'Invoice Number', delivery: 'Ship Date', tax: 'Sales Tax', total: 'Amount Due' },
  },
  {
    id: 'narrow-wrap', heldOut: false, note: 'full grid, narrow description column: long product names wrap',
    seller: { name: 'Pioneer Valley Foodservice', street: '3 Industrial Parkway', city: 'Holyoke, MA 01040', phone: '(413) 555-0135' },
    columns: [['code', 'Code'], ['description', 'Item Description'], ['pack', 'Pack'], ['uom', 'UOM'], ['qty', 'Qty'], ['price', 'Unit'], ['total', 'Total']],
    codePattern: '#########', invoiceNumberPattern: '1######', header: 'right', font: SANS, fontSize: 13, table: 'grid', descWidth: 170,
    dates: 'long', money: { dollar: false, thousands: false }, footer: { terms: TERMS }, taxRate: 0.0625, lines: [6, 11],
  },
  {
    id: 'two-page-repeat', heldOut: false, note: 'long order on two pages, table heading repeated on page 2',
    seller: { name: 'Keystone Restaurant Supply', street: '1200 Freight Lane', city: 'Harrisburg, PA 17111', phone: '717-555-0163' },
    columns: [['code', 'Item'], ['qty', 'Quantity'], ['description', 'Description'], ['brand', 'Brand'], ['pack', 'Size'], ['uom', 'Unit'], ['price', 'Price'], ['total', 'Amount']],
    codePattern: '##########', invoiceNumberPattern: 'K#######', header: 'right', font: DEJAVU_SANS, fontSize: 11, table: 'ruled',
    dates: 'mdy', money: { dollar: false, thousands: true }, footer: { pageNumbers: true, terms: TERMS }, taxRate: 0.06, lines: [20, 27],
    twoPages: { firstPageLines: 15, repeatHeader: true },
  },
  {
    id: 'catch-weight', heldOut: false, note: 'meat and seafood purveyor: some lines sold by the pound (decimal quantities)',
    seller: { name: 'Coastal Prime Meats', street: '77 Fish Pier Road', city: 'New Bedford, MA 02740', phone: '(508) 555-0171' },
    columns: [['code', 'Product #'], ['description', 'Description'], ['pack', 'Pack'], ['qty', 'Qty/Wt'], ['uom', 'UOM'], ['price', 'Price'], ['total', 'Amount']],
    codePattern: '######', invoiceNumberPattern: 'CP-#####', header: 'left', font: SERIF, fontSize: 13, table: 'ruled', catchWeight: true,
    dates: 'mdy', money: { dollar: false, thousands: true }, footer: { thanks: true }, taxRate: 0, lines: [5, 10],
  },
  {
    id: 'no-code-serif', heldOut: false, note: 'no item codes at all, pack and unit merged, serif, unruled',
    seller: { name: 'Old Mill Farm Supply', street: '620 River Road', city: 'Lancaster, PA 17603', phone: '717-555-0128' },
    columns: [['description', 'Description'], ['packUom', 'Pack/Size'], ['qty', 'Quantity'], ['price', 'Unit Price'], ['total', 'Amount']],
    invoiceNumberPattern: '####', header: 'left', font: DEJAVU_SERIF, fontSize: 13, table: 'unruled',
    dates: 'long', money: { dollar: true, thousands: true }, footer: { thanks: true, pageNumbers: true }, taxRate: 0.06, lines: [5, 10],
    labels: { invoice: 'Invoice', date: 'Date', delivery: 'Delivered' },
  },
  {
    id: 'dashed-codes-mono', heldOut: false, note: 'monospace grid, codes like 12-3456, qty right after the code',
    seller: { name: 'Lakeshore Wholesale Grocers', street: '1500 Lake Street', city: 'Cleveland, OH 44114', phone: '216-555-0152' },
    columns: [['code', 'Code'], ['qty', 'Qty'], ['description', 'Description'], ['packUom', 'Pack/Size'], ['price', 'Price'], ['total', 'Total']],
    codePattern: '##-####', invoiceNumberPattern: '#######', header: 'right', font: LIBERATION_MONO, fontSize: 11, table: 'grid',
    dates: 'iso', money: { dollar: false, thousands: false }, footer: { pageNumbers: true, terms: TERMS }, taxRate: 0.08, lines: [6, 12],
  },
  {
    id: 'upper-grid', heldOut: false, note: 'all capitals, full grid, QUANTITY first, EXTENSION column, two-column header',
    seller: { name: 'Empire State Food Service', street: '88 Terminal Avenue', city: 'Albany, NY 12206', phone: '(518) 555-0104' },
    columns: [['qty', 'QUANTITY'], ['code', 'ITEM CODE'], ['description', 'ITEM DESCRIPTION'], ['pack', 'PACK SIZE'], ['uom', 'UOM'], ['price', 'UNIT PRICE'], ['total', 'EXTENSION']],
    codePattern: '#######', invoiceNumberPattern: '########', header: 'two-column', font: SANS_NARROW, fontSize: 13, table: 'grid', upper: true,
    dates: 'mdy', money: { dollar: false, thousands: true }, footer: { pageNumbers: true }, taxRate: 0.08, lines: [6, 12],
    labels: { invoice: 'INVOICE NUMBER', date: 'INVOICE DATE', delivery: 'DELIVERY DATE', billTo: 'BILL TO', shipTo: 'SHIP TO', subtotal: 'SUBTOTAL', tax: 'TAX', total: 'TOTAL' },
  },
  // Held out: never used while tuning the reader.
  {
    id: 'two-page-plain', heldOut: true, note: 'two pages, no table heading on page 2, QTY SHIP first, unruled serif',
    seller: { name: 'Chesapeake Bay Distributors', street: '4400 Pulaski Highway', city: 'Baltimore, MD 21224', phone: '(410) 555-0177' },
    columns: [['qty', 'QTY SHIP'], ['code', 'Product #'], ['description', 'Description'], ['pack', 'Pack'], ['uom', 'UOM'], ['price', 'Unit Price'], ['total', 'Extension']],
    codePattern: '########', invoiceNumberPattern: '#######', header: 'left', font: SERIF, fontSize: 12, table: 'unruled',
    dates: 'long', money: { dollar: false, thousands: true }, footer: { pageNumbers: true, thanks: true }, taxRate: 0.06, lines: [21, 28],
    twoPages: { firstPageLines: 16, repeatHeader: false },
  },
  {
    id: 'alnum-codes', heldOut: true, note: 'letter-and-digit item codes, Each column, two-column header, serif',
    seller: { name: 'Granite State Foods', street: '12 Gateway Drive', city: 'Concord, NH 03301', phone: '603-555-0148' },
    columns: [['code', 'Item #'], ['description', 'Item Description'], ['brand', 'Brand'], ['pack', 'Pack'], ['uom', 'U/M'], ['qty', 'Qty'], ['price', 'Each'], ['total', 'Amount']],
    codePattern: 'A#####', invoiceNumberPattern: 'GS######', header: 'two-column', font: DEJAVU_SERIF, fontSize: 11, table: 'ruled',
    dates: 'mdy', money: { dollar: true, thousands: false }, footer: { pageNumbers: true, terms: TERMS }, taxRate: 0, lines: [6, 12],
  },
  {
    id: 'no-code-qty-first', heldOut: true, note: 'no item codes, QTY and unit first, striped rows',
    seller: { name: 'Sunbelt Restaurant Supply', street: '2750 Peachtree Industrial Blvd', city: 'Atlanta, GA 30341', phone: '(770) 555-0121' },
    columns: [['qty', 'Qty'], ['uom', 'Unit'], ['description', 'Product'], ['pack', 'Pack'], ['price', 'Price'], ['total', 'Total']],
    invoiceNumberPattern: 'INV-#####', header: 'right', font: SANS, fontSize: 13, table: 'zebra',
    dates: 'iso', money: { dollar: false, thousands: false }, footer: { thanks: true }, taxRate: 0.04, lines: [5, 10],
    labels: { date: 'Date', total: 'Balance Due' },
  },
  {
    id: 'wrap-dollar', heldOut: true, note: 'narrow description column that wraps, dollar amounts with thousands separators',
    seller: { name: 'Midwest Kitchen Distributors', street: '5100 West Grand Avenue', city: 'Chicago, IL 60639', phone: '312-555-0190' },
    columns: [['code', 'Item'], ['description', 'Description'], ['packUom', 'Size'], ['qty', 'Quantity'], ['price', 'Unit Price'], ['total', 'Ext']],
    codePattern: '######', invoiceNumberPattern: '#######', header: 'left', font: DEJAVU_SANS, fontSize: 12, table: 'ruled', descWidth: 190,
    dates: 'long', money: { dollar: true, thousands: true }, footer: { pageNumbers: true, terms: TERMS }, taxRate: 0.1025, lines: [6, 11],
  },
  {
    id: 'mono-listing', heldOut: true, note: 'monospace listing aligned with spaces, code first, brand column',
    seller: { name: 'Cascade Foodservice', street: '901 Harbor Avenue SW', city: 'Seattle, WA 98126', phone: '(206) 555-0116' },
    columns: [['code', 'ITEM#'], ['description', 'DESCRIPTION'], ['brand', 'BRAND'], ['pack', 'PACK'], ['uom', 'UM'], ['qty', 'QTY'], ['price', 'PRICE'], ['total', 'EXT']],
    codePattern: '#######', invoiceNumberPattern: '########', header: 'two-column', font: LIBERATION_MONO, fontSize: 11, table: 'text', upper: true, descWidth: 34,
    dates: 'iso', money: { dollar: false, thousands: true }, footer: { pageNumbers: true, thanks: true }, taxRate: 0.101, lines: [6, 12],
    labels: { invoice: 'INVOICE', date: 'INV DATE', delivery: 'DELV DATE', billTo: 'BILL TO', shipTo: 'SHIP TO', subtotal: 'SUBTOTAL', tax: 'TAX', total: 'TOTAL' },
  },
];

export const labelsOf = (layout: Layout): Labels => ({ ...DEFAULT_LABELS, ...layout.labels });
export const hasColumn = (layout: Layout, key: ColumnKey) => layout.columns.some(([k]) => k === key);
