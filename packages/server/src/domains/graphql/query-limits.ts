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
  for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out.set(d.name.value, d);
  return out;
}

/**
 * How deep a selection goes, fragments expanded. `ofType` does not count: it is how introspection
 * spells wrapped types (`[Product!]!`), a chain that ends at a named type and cannot fan out, and
 * GraphiQL's own introspection query nests it seven times.
 */
function depthOf(set: SelectionSetNode, fragments: Fragments, visiting: Set<string>): number {
  let deepest = 0;
  for (const s of set.selections) {
    let d = 0;
    if (s.kind === Kind.FIELD) {
      const below = s.selectionSet ? depthOf(s.selectionSet, fragments, visiting) : 0;
      d = s.name.value === 'ofType' ? below : 1 + below;
    } else if (s.kind === Kind.INLINE_FRAGMENT) {
      d = depthOf(s.selectionSet, fragments, visiting);
    } else {
      const f = fragments.get(s.name.value);
      // A fragment cycle is reported by the standard NoFragmentCycles rule; here it only must not loop.
      if (f && !visiting.has(f.name.value)) {
        visiting.add(f.name.value);
        d = depthOf(f.selectionSet, fragments, visiting);
        visiting.delete(f.name.value);
      }
    }
    deepest = Math.max(deepest, d);
  }
  return deepest;
}

/** The fields an operation selects at its top level, through fragments. */
function rootFieldCount(set: SelectionSetNode, fragments: Fragments, visiting: Set<string>): number {
  let n = 0;
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) n += s.name.value === '__typename' ? 0 : 1;
    else if (s.kind === Kind.INLINE_FRAGMENT) n += rootFieldCount(s.selectionSet, fragments, visiting);
    else {
      const f = fragments.get(s.name.value);
      if (f && !visiting.has(f.name.value)) {
        visiting.add(f.name.value);
        n += rootFieldCount(f.selectionSet, fragments, visiting);
        visiting.delete(f.name.value);
      }
    }
  }
  return n;
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
        const n = rootFieldCount(node.selectionSet, fragments, new Set());
        if (n > max)
          context.reportError(
            tooBig(`The operation has ${n} top-level fields; at most ${max} are allowed`, node, 'TOO_MANY_ROOT_FIELDS', max),
          );
      },
    };
  };
}
