import type { PricedLine, Scope } from './model.js';

/** Whether a coupon's or a membership plan's scope covers a line (custom lines are only in ALL). */
export function inScope(line: Pick<PricedLine, 'productId' | 'collectionIds'>, scope: Scope): boolean {
  switch (scope.kind) {
    case 'ALL':
      return true;
    case 'PRODUCTS':
      return line.productId !== undefined && scope.ids.includes(line.productId);
    case 'COLLECTIONS':
      return line.collectionIds.some((id) => scope.ids.includes(id));
  }
}
