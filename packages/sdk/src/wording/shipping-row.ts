/**
 * The label of the shipping row in a summary of totals: whether the order is sent or collected, and
 * what the buyer chose when the summary names it ("Shipping: Express", "Pickup: Store pickup (New
 * York)"; an option's own title may carry brackets, so it is not put in brackets again). Without a
 * title (nothing chosen yet, or a summary that names the option elsewhere): "Shipping" or "Pickup".
 */
export function shippingRowLabel(option: { title?: string; pickup: boolean } | undefined): string {
  const kind = option?.pickup ? 'Pickup' : 'Shipping';
  return option?.title ? `${kind}: ${option.title}` : kind;
}
