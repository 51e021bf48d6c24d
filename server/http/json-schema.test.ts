import Ajv from 'ajv';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { Id, IdText, MAX_ID } from '../../src/model/codec.ts';
import { DigestPreferences } from '../../src/model/digest.ts';
import { LineCorrection } from '../../src/model/invoice-review.ts';
import { BulkPayload, CheckAnswer, ChecksListPayload, VoucherParams } from '../../src/model/payments.ts';
import { RebateQuery } from '../../src/model/rebates.ts';
import { SalesRepSave } from '../../src/model/sales-reps.ts';
import { jsonSchemaOf } from './json-schema.ts';

const ajv = new Ajv({ strict: false, validateFormats: false });
/** Whether the schema accepts a value: it must agree with the codec on what the codec decides. */
const schemaAccepts = (codec: t.Any, value: unknown) => ajv.validate(jsonSchemaOf(codec), value);

describe('JSON Schema from an io-ts codec', () => {
  it('describes the plain types, literals and keyof as JSON Schema does', () => {
    expect(jsonSchemaOf(t.string)).toEqual({ type: 'string' });
    expect(jsonSchemaOf(t.null)).toEqual({ type: 'null' });
    expect(jsonSchemaOf(t.Int)).toEqual({ type: 'integer' });
    expect(jsonSchemaOf(t.literal('a'))).toEqual({ const: 'a' });
    expect(jsonSchemaOf(t.keyof({ weekly: null, off: null }))).toEqual({ type: 'string', enum: ['weekly', 'off'] });
    expect(jsonSchemaOf(t.union([t.literal('1'), t.literal('true')]))).toEqual({ enum: ['1', 'true'] });
    expect(jsonSchemaOf(t.union([t.number, t.null]))).toEqual({ type: ['number', 'null'] });
    expect(jsonSchemaOf(t.UnknownRecord)).toEqual({ type: 'object', additionalProperties: true });
    expect(jsonSchemaOf(t.record(t.string, t.number))).toEqual({ type: 'object', additionalProperties: { type: 'number' } });
    expect(jsonSchemaOf(t.tuple([t.string, t.number]))).toMatchObject({ type: 'array', minItems: 2, maxItems: 2 });
    expect(jsonSchemaOf(t.readonlyArray(t.boolean))).toEqual({ type: 'array', items: { type: 'boolean' } });
  });

  it('marks the properties a t.type requires, and none of a t.partial', () => {
    const schema = jsonSchemaOf(t.intersection([t.type({ a: t.string, b: t.union([t.number, t.undefined]) }), t.partial({ c: t.boolean })]));
    expect(schema).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' }, c: { type: 'boolean' } }, required: ['a'] });
  });

  it('gives the custom codecs of src/model their own schema', () => {
    expect(jsonSchemaOf(Id)).toEqual({ type: 'integer', minimum: 1, maximum: MAX_ID });
    expect(jsonSchemaOf(VoucherParams)).toEqual({ type: 'object', properties: { checkId: jsonSchemaOf(IdText) }, required: ['checkId'] });
    const unknownKind = new t.Type<string>('a thing', t.string.is, t.string.validate, t.identity);
    expect(jsonSchemaOf(unknownKind)).toEqual({ description: "a thing (checked by the server's codec)" });
  });

  it('names a recursive codec met again inside itself instead of unrolling it', () => {
    interface Tree { children: Tree[] }
    const Tree: t.Type<Tree> = t.recursion('Tree', () => t.type({ children: t.array(Tree) }));
    const schema = jsonSchemaOf(Tree) as { title: string; properties: { children: { items: { description: string } } } };
    expect(schema.title).toBe('Tree');
    expect(schema.properties.children.items.description).toMatch(/Tree/);
  });

  it('accepts what the real request codecs accept, and refuses their missing or mistyped fields', () => {
    const bulk = { timeframe: '26Q3', merchantIds: [1, 2], getVouchers: true, getCheckDetails: false };
    expect(BulkPayload.decode(bulk)._tag).toBe('Right');
    expect(schemaAccepts(BulkPayload, bulk)).toBe(true);
    expect(schemaAccepts(BulkPayload, { ...bulk, merchantIds: ['1'] })).toBe(false);
    expect(schemaAccepts(ChecksListPayload, { timeframe: '26Q3', merchantIds: [], breakdowns: 'yes' })).toBe(false);
    const line = { itemCode: '1', description: 'd', brand: '', pack: '', uom: 'CS', quantity: null, unitPrice: 1.5, totalPrice: null };
    expect(LineCorrection.is(line)).toBe(true);
    expect(schemaAccepts(LineCorrection, line)).toBe(true);
    expect(schemaAccepts(LineCorrection, { ...line, quantity: '3' })).toBe(false);
    expect(schemaAccepts(SalesRepSave, { email: 'a@b.test', name: 'Ann', role: 'manager', distributors: [3] })).toBe(true);
    expect(schemaAccepts(SalesRepSave, { email: 'a@b.test', name: 'Ann', role: 'boss', distributors: [3] })).toBe(false);
    expect(schemaAccepts(DigestPreferences, { frequency: 'weekly', sections: ['winBack'], timeZone: 'UTC' })).toBe(true);
  });

  it('reads a query string codec as one object of string parameters', () => {
    const schema = jsonSchemaOf(RebateQuery) as { type: string; properties: Record<string, { type?: string }> };
    expect(schema.type).toBe('object');
    expect(Object.values(schema.properties).every((p) => p.type === undefined || p.type === 'string')).toBe(true);
  });

  it('describes an answer the client decodes', () => {
    expect(schemaAccepts(CheckAnswer, { sfid: null })).toBe(true);
  });
});
