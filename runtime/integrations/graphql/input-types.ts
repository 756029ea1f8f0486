/**
 * @module runtime/integrations/graphql/input-types — a GraphQL trigger's advance_schema as a GraphQL input
 * type, so each flow's own operation is typed (introspection, editor autocompletion).
 *
 * advance_schema is read as a JSON schema (`type`, `properties`, `required`, `items`, `enum`,
 * `description`) when it looks like one, otherwise as a sample payload whose values give the
 * types (nothing is then required). What GraphQL cannot say (unions, free-form objects,
 * unknown types) becomes the JSON scalar. Property names that are not GraphQL names are
 * renamed in the type (`first-name` → `first_name`) and mapped back in the payload.
 */
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  type GraphQLInputFieldConfig,
  type GraphQLInputType,
} from 'graphql';
import { looksLikeJsonSchema } from '../../../catalogue/trigger-input.ts';
import { GraphQLJSON } from './json-scalar.ts';

/** A built input type and how to turn a value of it back into the payload the flow expects. */
export interface TypedInput {
  type: GraphQLInputType;
  toPayload(value: unknown): unknown;
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
/** nesting deeper than this becomes JSON */
const MAX_DEPTH = 8;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `order lookup` → `OrderLookup`; never empty, never starting with a digit or `__`. */
export function pascalName(text: string): string {
  const words = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^0-9A-Za-z]+/g, ' ').trim().split(/\s+/).filter(Boolean);
  const joined = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return /^[A-Za-z]/.test(joined) ? joined : `Flow${joined}`;
}

/** A GraphQL name for a property; `taken` holds the names already used in the same type. */
function fieldName(key: string, taken: Set<string>): string {
  let name = NAME.test(key) && !key.startsWith('__') ? key : key.replace(/[^_0-9A-Za-z]/g, '_').replace(/^(?=[0-9])|^__/, '_');
  if (!NAME.test(name)) name = `_${name}`;
  const base = name;
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  taken.add(name);
  return name;
}

const identity: TypedInput['toPayload'] = (value) => value;

/** Builds types for one schema; `typeNames` is shared by the whole GraphQL schema so names never clash. */
export class InputTypeBuilder {
  constructor(private readonly typeNames: Set<string>) {}

  private uniqueTypeName(wanted: string): string {
    let name = wanted;
    for (let i = 2; this.typeNames.has(name); i++) name = `${wanted}${i}`;
    this.typeNames.add(name);
    return name;
  }

  /** The input type of an advance_schema (already parsed), named after `typeName`. */
  fromAdvanceSchema(schema: unknown, typeName: string): TypedInput {
    return looksLikeJsonSchema(schema) ? this.fromSchema(schema as Record<string, unknown>, typeName, 0) : this.fromSample(schema, typeName, 0);
  }

  private fromSchema(schema: Record<string, unknown>, typeName: string, depth: number): TypedInput {
    const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
    const type = types.length === 1 ? types[0] : isObject(schema.properties) ? 'object' : undefined;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return this.enumOf(schema.enum, typeName, schema.description);
    switch (type) {
      case 'string':
        return { type: GraphQLString, toPayload: identity };
      case 'integer':
        return { type: GraphQLInt, toPayload: identity };
      case 'number':
        return { type: GraphQLFloat, toPayload: identity };
      case 'boolean':
        return { type: GraphQLBoolean, toPayload: identity };
      case 'array': {
        if (!isObject(schema.items) || depth >= MAX_DEPTH) return { type: new GraphQLList(GraphQLJSON), toPayload: identity };
        return this.listOf(this.fromSchema(schema.items, `${typeName}Item`, depth + 1));
      }
      case 'object': {
        if (!isObject(schema.properties) || Object.keys(schema.properties).length === 0 || depth >= MAX_DEPTH) {
          return { type: GraphQLJSON, toPayload: identity };
        }
        const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : []);
        const properties = Object.entries(schema.properties).map(([key, sub]) => ({
          key,
          required: required.has(key),
          description: isObject(sub) && typeof sub.description === 'string' ? sub.description : undefined,
          build: (name: string) => (isObject(sub) && looksLikeJsonSchema(sub) ? this.fromSchema(sub, name, depth + 1) : { type: GraphQLJSON, toPayload: identity }),
        }));
        return this.objectOf(properties, typeName, typeof schema.description === 'string' ? schema.description : undefined);
      }
      default:
        return { type: GraphQLJSON, toPayload: identity };
    }
  }

  private fromSample(sample: unknown, typeName: string, depth: number): TypedInput {
    if (typeof sample === 'string') return { type: GraphQLString, toPayload: identity };
    if (typeof sample === 'boolean') return { type: GraphQLBoolean, toPayload: identity };
    if (typeof sample === 'number') return { type: Number.isSafeInteger(sample) && Math.abs(sample) < 2 ** 31 ? GraphQLInt : GraphQLFloat, toPayload: identity };
    if (Array.isArray(sample)) {
      if (sample.length === 0 || sample[0] === null || depth >= MAX_DEPTH) return { type: new GraphQLList(GraphQLJSON), toPayload: identity };
      return this.listOf(this.fromSample(sample[0], `${typeName}Item`, depth + 1));
    }
    if (isObject(sample) && Object.keys(sample).length > 0 && depth < MAX_DEPTH) {
      const properties = Object.entries(sample).map(([key, value]) => ({
        key,
        required: false,
        description: undefined,
        build: (name: string) => this.fromSample(value, name, depth + 1),
      }));
      return this.objectOf(properties, typeName, undefined);
    }
    return { type: GraphQLJSON, toPayload: identity };
  }

  private listOf(item: TypedInput): TypedInput {
    return {
      type: new GraphQLList(item.type),
      toPayload: item.toPayload === identity ? identity : (value) => (Array.isArray(value) ? value.map((v) => item.toPayload(v)) : value),
    };
  }

  private enumOf(values: unknown[], typeName: string, description: unknown): TypedInput {
    // Only names GraphQL allows can be enum values; any other enum stays a plain scalar.
    if (!values.every((v) => typeof v === 'string' && NAME.test(v) && !['true', 'false', 'null'].includes(v))) {
      const allStrings = values.every((v) => typeof v === 'string');
      return { type: allStrings ? GraphQLString : GraphQLJSON, toPayload: identity };
    }
    const type = new GraphQLEnumType({
      name: this.uniqueTypeName(`${typeName}Enum`),
      description: typeof description === 'string' ? description : undefined,
      values: Object.fromEntries([...new Set(values as string[])].map((v) => [v, { value: v }])),
    });
    return { type, toPayload: identity };
  }

  private objectOf(
    properties: Array<{ key: string; required: boolean; description?: string; build(name: string): TypedInput }>,
    typeName: string,
    description: string | undefined,
  ): TypedInput {
    const name = this.uniqueTypeName(typeName);
    const taken = new Set<string>();
    const fields: Record<string, GraphQLInputFieldConfig> = {};
    const keys = new Map<string, { key: string; toPayload: TypedInput['toPayload'] }>();
    for (const property of properties) {
      const field = fieldName(property.key, taken);
      const built = property.build(`${typeName}${pascalName(property.key)}`);
      fields[field] = { type: property.required ? new GraphQLNonNull(built.type) : built.type, description: property.description };
      keys.set(field, { key: property.key, toPayload: built.toPayload });
    }
    return {
      type: new GraphQLInputObjectType({ name, description, fields }),
      toPayload(value) {
        if (!isObject(value)) return value;
        // Object.fromEntries defines own properties: a property named __proto__ stays data.
        return Object.fromEntries(
          Object.entries(value).flatMap(([field, v]) => {
            const target = keys.get(field);
            return target ? [[target.key, target.toPayload(v)]] : [];
          }),
        );
      },
    };
  }
}
