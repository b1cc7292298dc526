import { type GraphQLScalarTypeConfig, Kind, type ValueNode } from 'graphql';

/** A literal of the query text as a plain value, variables substituted. */
function literalValue(node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
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
      return node.values.map((value) => literalValue(value, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[node.name.value];
  }
}

/**
 * The `JSON` scalar's behaviour (declared in `type-defs.ts`): any JSON value, passed as it is. It
 * carries the platform filter language (`{price: {$gt: 10}}`, the REST query's `query.filter`) and
 * wire objects that have no fixed GraphQL shape (media, SEO data). Resolvers check inputs.
 * A plain config rather than a `GraphQLScalarType`, so the schema builder applies it to its own
 * `graphql` instance (see `graphql-errors.ts`).
 */
export const JsonScalar: Omit<GraphQLScalarTypeConfig<unknown, unknown>, 'name'> = {
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literalValue(node, variables),
};
