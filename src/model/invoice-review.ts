// Reviewing what OCR read from an invoice: a reviewer corrects a line, deletes one or types one
// in. The rules of a line's fields are written once here: the server's codec refuses what
// breaks them (400), and the edit form shows the same messages before anything is sent.
import * as t from 'io-ts';
import { describedAs, IdText } from './codec.ts';
import type { InvoiceItem } from './invoices.ts';

export const LINE_TEXT_FIELDS = ['itemCode', 'description', 'brand', 'pack', 'uom'] as const;
export const LINE_NUMBER_FIELDS = ['quantity', 'unitPrice', 'totalPrice'] as const;
export type LineTextField = (typeof LINE_TEXT_FIELDS)[number];
export type LineNumberField = (typeof LINE_NUMBER_FIELDS)[number];
export type LineField = LineTextField | LineNumberField;
export const LINE_FIELDS: readonly LineField[] = [...LINE_TEXT_FIELDS, ...LINE_NUMBER_FIELDS];
export const LINE_FIELD_LABELS: Readonly<Record<LineField, string>> = {
  itemCode: 'Item Code', description: 'Description', brand: 'Brand', pack: 'Pack', uom: 'UOM',
  quantity: 'Quantity', unitPrice: 'Unit Price', totalPrice: 'Total Price',
};

export const MAX_LINE_TEXT = 200;
export const MAX_LINE_QUANTITY = 100_000;
export const MAX_LINE_PRICE = 1_000_000;
const TEXT_RULE = `must be at most ${MAX_LINE_TEXT} characters`;
// Quantities may be catch weights (12.345 LB); prices are money.
const QUANTITY_RULE = 'must be a number above 0 and at most 100,000 (at most 3 decimals)';
const PRICE_RULE = 'must be an amount from 0 to 1,000,000 with at most 2 decimals';

/** At most `places` decimals, as typed (0.29 × 100 is 28.999…: a tolerance far below a cent's fraction). */
const hasDecimals = (n: number, places: number) => Math.abs(Math.round(n * 10 ** places) - n * 10 ** places) < 1e-6;

/** What is wrong with a line's number (null: nothing; a null number is unknown, which is allowed). */
export function lineNumberProblem(field: LineNumberField, n: number | null): string | null {
  if (n === null) return null;
  if (field === 'quantity') return Number.isFinite(n) && n > 0 && n <= MAX_LINE_QUANTITY && hasDecimals(n, 3) ? null : QUANTITY_RULE;
  return Number.isFinite(n) && n >= 0 && n <= MAX_LINE_PRICE && hasDecimals(n, 2) ? null : PRICE_RULE;
}

const LineText = describedAs(new t.Type<string, string, unknown>(
  `text of at most ${MAX_LINE_TEXT} characters`,
  (u): u is string => typeof u === 'string' && u.length <= MAX_LINE_TEXT,
  (u, c) => (typeof u === 'string' && u.length <= MAX_LINE_TEXT ? t.success(u.trim()) : t.failure(u, c, typeof u === 'string' ? TEXT_RULE : 'must be text')),
  t.identity,
), { type: 'string', maxLength: MAX_LINE_TEXT });
const LineNumber = (field: LineNumberField) => describedAs(new t.Type<number | null, number | null, unknown>(
  'a number or null',
  (u): u is number | null => u === null || (typeof u === 'number' && lineNumberProblem(field, u) === null),
  (u, c) => {
    if (u === null) return t.success(null);
    const problem = typeof u === 'number' ? lineNumberProblem(field, u) : 'must be a number or null';
    return problem === null ? t.success(u as number) : t.failure(u, c, problem);
  },
  t.identity,
), { type: ['number', 'null'] });

/** PUT /invoice/{id}/items/{itemId} and POST /invoice/{id}/items: every field of the line, as it should read. */
export const LineCorrection = t.exact(t.type({
  ...(Object.fromEntries(LINE_TEXT_FIELDS.map((f) => [f, LineText])) as Record<LineTextField, typeof LineText>),
  quantity: LineNumber('quantity'), unitPrice: LineNumber('unitPrice'), totalPrice: LineNumber('totalPrice'),
}));
export type LineCorrection = t.TypeOf<typeof LineCorrection>;
export const InvoiceItemParams = t.type({ id: IdText, itemId: IdText });

/** The edit form's fields as typed. */
export type LineDraft = Record<LineField, string>;
export const EMPTY_DRAFT: LineDraft = { itemCode: '', description: '', brand: '', pack: '', uom: '', quantity: '', unitPrice: '', totalPrice: '' };
const numberText = (n: number | null) => (n === null ? '' : String(n));
export const draftOf = (item: InvoiceItem): LineDraft => ({
  itemCode: item.itemCode, description: item.description, brand: item.brand, pack: item.pack, uom: item.uom,
  quantity: numberText(item.quantity), unitPrice: numberText(item.unitPrice), totalPrice: numberText(item.totalPrice),
});

/** A typed number: '' is unknown (null), '$1,234.50' is 1234.5, anything else not a number (NaN). */
const typedNumber = (text: string): number | null => {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (plain === '') return null;
  return /^(\d+(\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : NaN;
};

/** The draft as the server would take it, or what is wrong with each field (labelled as the form labels it). */
export function readDraft(draft: LineDraft): { correction: LineCorrection | null; problems: Partial<Record<LineField, string>> } {
  const problems: Partial<Record<LineField, string>> = {};
  for (const f of LINE_TEXT_FIELDS) if (draft[f].length > MAX_LINE_TEXT) problems[f] = `${LINE_FIELD_LABELS[f]} ${TEXT_RULE}`;
  const numbers = Object.fromEntries(LINE_NUMBER_FIELDS.map((f) => [f, typedNumber(draft[f])])) as Record<LineNumberField, number | null>;
  for (const f of LINE_NUMBER_FIELDS) {
    const problem = lineNumberProblem(f, numbers[f]);
    if (problem) problems[f] = `${LINE_FIELD_LABELS[f]} ${problem}`;
  }
  if (Object.keys(problems).length > 0) return { correction: null, problems };
  const text = Object.fromEntries(LINE_TEXT_FIELDS.map((f) => [f, draft[f].trim()])) as Record<LineTextField, string>;
  return { correction: { ...text, ...numbers }, problems };
}
