/**
 * The GraphQL schema (SDL) of `/graphql/alpha`: the catalogue reads with the REST query's filter
 * language, sort and paging. Types mirror the v1 wire (`product-view.ts`, `collection-view.ts`):
 * the same field names, money as Float, dates as ISO 8601 strings, free-form wire objects as JSON.
 * @see issue #4 "GraphQL", spec §7 "Catalogue read"
 */
export const typeDefs = /* GraphQL */ `
"""
Any JSON value: filters in the platform query language, and wire objects without a fixed shape.
"""
scalar JSON

type Query {
  """
  Products matching a filter (the REST query's language and whitelist, e.g. {"price": {"$gt": 10}}),
  sorted and paged (default limit 50, at most 100). Shoppers see visible products only. Operators
  start with $, which a GraphQL literal cannot spell: pass such filters as variables
  (\`query($f: JSON) { products(filter: $f) { total } }\`); {brand: "Acme"} works inline.
  """
  products(filter: JSON, sort: [SortInput!], paging: PagingInput): ProductsPage!
  "One product by id or by slug (exactly one of them); null when there is none the caller may see."
  product(id: ID, slug: String): Product
  "Collections matching a filter (fields id, name, slug, visible), sorted and paged."
  collections(filter: JSON, sort: [SortInput!], paging: PagingInput): CollectionsPage!
  "One collection by id or by slug (exactly one of them); null when there is none the caller may see."
  collection(id: ID, slug: String): Collection
  """
  A product's variants: those whose choices contain \`choices\` ({"Size": "L"}) and/or with these ids.
  An error PRODUCT_NOT_FOUND when the caller may not see the product.
  """
  productVariants(productId: ID!, choices: JSON, variantIds: [ID!], paging: PagingInput): VariantsPage
}

enum SortOrder {
  ASC
  DESC
}

"One sort key (a sortable field of the REST query, e.g. name, price, createdDate)."
input SortInput {
  fieldName: String!
  order: SortOrder
}

"Offset paging: limit 1 to 100 (default 50), offset from 0."
input PagingInput {
  limit: Int
  offset: Int
}

type ProductsPage {
  items: [Product!]!
  "all matching products"
  total: Int!
  offset: Int!
  limit: Int!
}

type CollectionsPage {
  items: [Collection!]!
  total: Int!
  offset: Int!
  limit: Int!
}

type VariantsPage {
  items: [Variant!]!
  total: Int!
  offset: Int!
  limit: Int!
}

enum ProductType {
  physical
  digital
}

enum InventoryStatus {
  IN_STOCK
  OUT_OF_STOCK
  PARTIALLY_OUT_OF_STOCK
}

enum DiscountType {
  NONE
  AMOUNT
  PERCENT
}

type Product {
  id: ID!
  name: String!
  slug: String!
  visible: Boolean!
  productType: ProductType!
  description: String!
  sku: String
  weight: Float
  stock: ProductStock!
  price: PriceData!
  priceData: PriceData!
  "prices in the display currency (the shop currency when none is configured)"
  convertedPriceData: PriceData!
  "merchants only (API key); null for shoppers"
  costAndProfitData: CostAndProfitData
  priceRange: Range!
  "merchants only"
  costRange: Range
  weightRange: Range
  pricePerUnitData: JSON
  discount: Discount!
  "{mainMedia, items} as on the wire"
  media: JSON!
  productOptions: [ProductOption!]!
  "the variants the caller may see"
  variants: [Variant!]!
  manageVariants: Boolean!
  collectionIds: [ID!]!
  additionalInfoSections: [AdditionalInfoSection!]!
  customTextFields: [CustomTextField!]!
  seoData: JSON
  productPageUrl: PageUrl!
  ribbon: String
  brand: String
  "ISO 8601"
  createdDate: String!
  "ISO 8601"
  lastUpdated: String!
}

type ProductStock {
  trackInventory: Boolean!
  quantity: Int
  inStock: Boolean!
  inventoryStatus: InventoryStatus!
}

type PriceData {
  currency: String!
  price: Float!
  discountedPrice: Float!
  pricePerUnit: Float
  formatted: FormattedPrice!
}

type FormattedPrice {
  price: String!
  discountedPrice: String!
  pricePerUnit: String
}

type CostAndProfitData {
  itemCost: Float!
  formattedItemCost: String!
  profit: Float!
  formattedProfit: String!
  profitMargin: Float!
}

type Range {
  minValue: Float!
  maxValue: Float!
}

type Discount {
  type: DiscountType!
  value: Float!
}

type ProductOption {
  optionType: String!
  name: String!
  choices: [Choice!]!
}

type Choice {
  value: String!
  description: String!
  inStock: Boolean!
  visible: Boolean!
  media: JSON
}

type AdditionalInfoSection {
  title: String
  description: String
}

type CustomTextField {
  title: String
  maxLength: Int
  mandatory: Boolean
}

type PageUrl {
  base: String!
  path: String!
}

type Variant {
  id: ID!
  "option name → choice value"
  choices: JSON!
  variant: VariantData!
  stock: VariantStock!
}

type VariantData {
  priceData: PriceData!
  convertedPriceData: PriceData!
  "merchants only; null for shoppers"
  costAndProfitData: CostAndProfitData
  weight: Float
  sku: String
  visible: Boolean!
}

type VariantStock {
  trackQuantity: Boolean!
  quantity: Int
  inStock: Boolean!
}

type Collection {
  id: ID!
  name: String!
  slug: String!
  visible: Boolean!
  "the products in it the caller may see"
  numberOfProducts: Int!
  description: String!
  "{mainMedia?, items?} as on the wire"
  media: JSON!
  "ISO 8601"
  lastUpdated: String
}
`;
