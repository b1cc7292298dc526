/**
 * The current cart in the GraphQL schema (`currentCart`): the same wire cart as
 * `GET /ecom/v1/carts/current`, money as `CartMoney` (decimal strings), nested wire objects as JSON.
 * @see spec §7 "Cart"
 */
export const cartTypeDefs = /* GraphQL */ `
extend type Query {
  """
  The caller's current cart (a visitor's or member's own; a merchant's API key with the shopper's
  token for that shopper's). Null before the caller has one.
  """
  currentCart: Cart
}

"A price in the store currency and the display currency; amounts are decimal strings (\\"10.00\\")."
type CartMoney {
  amount: String!
  convertedAmount: String!
  formattedAmount: String!
  formattedConvertedAmount: String!
}

type CartLineItem {
  id: ID!
  quantity: Int!
  "{catalogItemId, appId, options}"
  catalogReference: JSON
  "{original, translated}"
  productName: JSON
  "{relativePath, url}"
  url: JSON
  price: CartMoney!
  fullPrice: CartMoney!
  priceBeforeDiscounts: CartMoney!
  descriptionLines: JSON
  "{id, url, width, height, altText}"
  image: JSON
  "{status: AVAILABLE | NOT_FOUND | NOT_AVAILABLE | PARTIALLY_AVAILABLE, quantityAvailable}"
  availability: JSON
  physicalProperties: JSON
  itemType: JSON
  paymentOption: String
  customLineItem: Boolean
  catalogOverrideFields: JSON
  serviceProperties: JSON
  createdDate: String!
}

type Cart {
  id: ID!
  lineItems: [CartLineItem!]!
  "{visitorId} or {memberId}, and email"
  buyerInfo: JSON
  currency: String!
  conversionCurrency: String!
  weightUnit: String!
  taxIncludedInPrices: Boolean
  subtotal: CartMoney!
  "[{coupon: {id, code, name, amount}} | {merchantDiscount: {amount | percentage}}]"
  appliedDiscounts: JSON
  "{address, contactDetails}"
  contactInfo: JSON
  buyerNote: String
  "{code, carrierId}"
  selectedShippingOption: JSON
  checkoutId: ID
  createdDate: String!
  updatedDate: String!
}
`;
