/** In stock, only a few left, or sold out; colour is never the only signal. */
export function StockState({ inStock, quantity }: { inStock: boolean; quantity?: number }) {
  if (!inStock) return <p className="stock stock--out">Sold out</p>;
  if (quantity !== undefined && quantity <= 5) return <p className="stock stock--low">Only {quantity} left</p>;
  return <p className="stock stock--in">In stock</p>;
}
