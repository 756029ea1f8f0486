/** @module runtime/integrations/graphql/json-scalar — the JSON scalar: any JSON value, as a variable or written inline. */
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

type Variables = Record<string, unknown> | null | undefined;

function fromLiteral(node: ValueNode, variables: Variables): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((value) => fromLiteral(value, variables));
    case Kind.OBJECT:
      // Object.fromEntries defines own properties: a field named __proto__ stays data.
      return Object.fromEntries(node.fields.map((field) => [field.name.value, fromLiteral(field.value, variables)]));
    case Kind.VARIABLE:
      return variables ? variables[node.name.value] : undefined;
  }
}

export const GraphQLJSON = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value: object, array, string, number, boolean or null.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: fromLiteral,
});
