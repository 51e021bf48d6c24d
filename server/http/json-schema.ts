import type * as t from 'io-ts';

/** A JSON Schema (OpenAPI 3.1's dialect, draft 2020-12), as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

/** What a codec of this repo's own (`new t.Type`) says about itself: src/model/codec.ts `describedAs`. */
const ownSchema = (codec: t.Any): JsonSchema | undefined => (codec as { jsonSchema?: JsonSchema }).jsonSchema;

/** io-ts's runtime classes, told apart by `_tag`; a codec of our own has none. */
type Tagged = t.Any & { _tag?: string; [member: string]: unknown };

const isPlainObject = (s: JsonSchema) =>
  s.type === 'object' && Object.keys(s).every((k) => k === 'type' || k === 'properties' || k === 'required');

/** Whether a property may be left out: its codec accepts undefined (t.partial, `t.union([X, t.undefined])`). */
const optional = (codec: t.Any) => codec.is(undefined);

function objectOf(props: t.Props, allOptional: boolean): JsonSchema {
  const properties = Object.fromEntries(Object.entries(props).map(([key, codec]) => [key, walk(codec)]));
  const required = allOptional ? [] : Object.keys(props).filter((key) => !optional(props[key]!));
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** Objects joined by t.intersection read as one object when they can (query strings and paths must). */
function allOf(parts: JsonSchema[]): JsonSchema {
  if (!parts.every(isPlainObject)) return { allOf: parts };
  const properties = Object.assign({}, ...parts.map((p) => p.properties));
  const required = [...new Set(parts.flatMap((p) => (p.required as string[] | undefined) ?? []))];
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

function anyOf(codecs: readonly t.Any[]): JsonSchema {
  // undefined has no JSON form: a union with it only makes its property optional.
  const parts = codecs.filter((c) => (c as Tagged)._tag !== 'UndefinedType' && (c as Tagged)._tag !== 'VoidType').map(walk);
  if (parts.length === 1) return parts[0]!;
  if (parts.every((p) => 'const' in p)) return { enum: parts.map((p) => p.const) };
  // `number | null` as a list of types: what a serialiser writes without trying each branch.
  if (parts.every((p) => Object.keys(p).length === 1 && typeof p.type === 'string')) return { type: parts.map((p) => p.type) };
  return { anyOf: parts };
}

const NAMED: Readonly<Record<string, JsonSchema>> = {
  NullType: { type: 'null' },
  StringType: { type: 'string' },
  NumberType: { type: 'number' },
  BigIntType: { type: 'integer' },
  BooleanType: { type: 'boolean' },
  AnyArrayType: { type: 'array' },
  AnyDictionaryType: { type: 'object', additionalProperties: true },
  UnknownType: {},
  AnyType: {},
  UndefinedType: {},
  VoidType: {},
};

/** Recursive codecs being walked: met again inside themselves, they are named, not unrolled. */
const walking = new Set<t.Any>();

function walk(codec: t.Any): JsonSchema {
  const own = ownSchema(codec);
  if (own) return { ...own };
  const c = codec as Tagged;
  const named = c._tag ? NAMED[c._tag] : undefined;
  if (named) return { ...named };
  switch (c._tag) {
    case 'InterfaceType':
    case 'StrictType':
      return objectOf(c.props as t.Props, false);
    case 'PartialType':
      return objectOf(c.props as t.Props, true);
    case 'ExactType':
    case 'ReadonlyType':
      return walk(c.type as t.Any);
    case 'IntersectionType':
      return allOf((c.types as t.Any[]).map(walk));
    case 'UnionType':
      return anyOf(c.types as t.Any[]);
    case 'LiteralType':
      return { const: c.value };
    case 'KeyofType':
      return { type: 'string', enum: Object.keys(c.keys as object) };
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: walk(c.type as t.Any) };
    case 'TupleType': {
      const items = (c.types as t.Any[]).map(walk);
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    case 'DictionaryType': {
      const keys = walk(c.domain as t.Any);
      return { type: 'object', additionalProperties: walk(c.codomain as t.Any), ...(keys.enum ? { propertyNames: keys } : {}) };
    }
    case 'RefinementType':
      // t.Int is the one refinement JSON Schema has a word for; a brand's rule is the codec's to check.
      return c.name === 'Int' ? { type: 'integer' } : { ...walk(c.type as t.Any), description: c.name };
    case 'RecursiveType':
      return recursive(c);
  }
  return { description: `${codec.name} (checked by the server's codec)` };
}

function recursive(codec: Tagged): JsonSchema {
  if (walking.has(codec)) return { description: `${codec.name}, again (recursive)` };
  walking.add(codec);
  try {
    return { ...walk(codec.type as t.Any), title: codec.name };
  } finally {
    walking.delete(codec);
  }
}

/** The JSON Schema of what a codec accepts on the wire (its input, or the JSON it decodes). */
export const jsonSchemaOf = (codec: t.Any): JsonSchema => walk(codec);
