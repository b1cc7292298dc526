/**
 * Validation rules that keep one GraphQL operation from asking for the world: a depth limit and a
 * limit on top-level fields (each one is a database query, and aliases can repeat a field). Page
 * sizes are limited separately (`paging.limit` ≤ 100, `arguments.ts`).
 */
import {
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
// yoga's factory, so yoga recognises the errors as GraphQL errors (see `graphql-errors.ts`)
import { createGraphQLError } from 'graphql-yoga';

/** Deepest field nesting accepted (`{ products { items { variants { variant { priceData { formatted { price } } } } } } }` is 7). */
const MAX_DEPTH = 8;
/** Most top-level fields of one operation (aliases included). */
const MAX_ROOT_FIELDS = 10;

type Fragments = ReadonlyMap<string, FragmentDefinitionNode>;

function fragmentsOf(context: ValidationContext): Fragments {
  const out = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) out.set(definition.name.value, definition);
  return out;
}

/**
 * How deep a selection goes, fragments expanded. `ofType` does not count: it is how introspection
 * spells wrapped types (`[Product!]!`), a chain that ends at a named type and cannot fan out, and
 * GraphiQL's own introspection query nests it seven times.
 */
function depthOf(set: SelectionSetNode, fragments: Fragments, visiting: Set<string>): number {
  let deepest = 0;
  for (const selection of set.selections) {
    let depth = 0;
    if (selection.kind === Kind.FIELD) {
      const below = selection.selectionSet ? depthOf(selection.selectionSet, fragments, visiting) : 0;
      depth = selection.name.value === 'ofType' ? below : 1 + below;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = depthOf(selection.selectionSet, fragments, visiting);
    } else {
      const fragment = fragments.get(selection.name.value);
      // A fragment cycle is reported by the standard NoFragmentCycles rule; here it only must not loop.
      if (fragment && !visiting.has(fragment.name.value)) {
        visiting.add(fragment.name.value);
        depth = depthOf(fragment.selectionSet, fragments, visiting);
        visiting.delete(fragment.name.value);
      }
    }
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/** The fields an operation selects at its top level, through fragments. */
function rootFieldCount(set: SelectionSetNode, fragments: Fragments, visiting: Set<string>): number {
  let count = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) count += selection.name.value === '__typename' ? 0 : 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += rootFieldCount(selection.selectionSet, fragments, visiting);
    else {
      const fragment = fragments.get(selection.name.value);
      if (fragment && !visiting.has(fragment.name.value)) {
        visiting.add(fragment.name.value);
        count += rootFieldCount(fragment.selectionSet, fragments, visiting);
        visiting.delete(fragment.name.value);
      }
    }
  }
  return count;
}

const tooBig = (message: string, node: OperationDefinitionNode, code: string, max: number) =>
  createGraphQLError(message, { nodes: [node], extensions: { code, max } });

/** Rejects operations nested deeper than `max` fields (`extensions.code` QUERY_TOO_DEEP). */
export function depthLimit(max = MAX_DEPTH): ValidationRule {
  return (context) => {
    const fragments = fragmentsOf(context);
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, fragments, new Set());
        if (depth > max)
          context.reportError(tooBig(`The operation is ${depth} fields deep; at most ${max} are allowed`, node, 'QUERY_TOO_DEEP', max));
      },
    };
  };
}

/** Rejects operations with more than `max` top-level fields (`extensions.code` TOO_MANY_ROOT_FIELDS). */
export function rootFieldLimit(max = MAX_ROOT_FIELDS): ValidationRule {
  return (context) => {
    const fragments = fragmentsOf(context);
    return {
      OperationDefinition(node) {
        const count = rootFieldCount(node.selectionSet, fragments, new Set());
        if (count > max)
          context.reportError(
            tooBig(`The operation has ${count} top-level fields; at most ${max} are allowed`, node, 'TOO_MANY_ROOT_FIELDS', max),
          );
      },
    };
  };
}
