/**
 * The label of the shipping row in a summary of totals: what the buyer chose, said once, whether it is
 * sent or collected ("Shipping: Express", "Pickup: Store pickup (New York)"; an option's own title may
 * carry brackets, so it is not put in brackets again).
 */
export function shippingRowLabel(option: { title?: string; pickup: boolean } | undefined): string {
  if (!option?.title) return 'Shipping';
  return `${option.pickup ? 'Pickup' : 'Shipping'}: ${option.title}`;
}
