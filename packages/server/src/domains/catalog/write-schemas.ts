/**
 * Request and response schemas of the catalogue writes (spec §7 "Catalogue write"). Entities are
 * strict: a misspelt field is a violation. Fields the server computes (ranges, converted prices,
 * formatted texts, dates, ids) are accepted and ignored, so a product read back can be sent again.
 */
import { z } from 'zod';
import { MerchantErrorResponses } from '../../platform/http/error-schemas.js';
import { MAX_OPTIONS } from './product-rules.js';

/** Computed by the server: accepted on input, never applied. */
const ignored = z.unknown().optional();
const id = z.string().min(1).max(200);
const amount = z.number().min(0).max(1_000_000_000);
const weight = z.number().min(0).max(10_000_000);
const httpUrl = z
  .string()
  .max(2048)
  .refine((url) => /^https?:\/\/[^\s/]+/i.test(url) && URL.canParse(url), {
    message: 'must be an http(s) URL',
    params: { rule: 'FORMAT' },
  });
const slug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u, 'must be lower-case letters and digits separated by single dashes');
const MeasurementUnit = z.enum([
  'UNSPECIFIED',
  'ML',
  'CL',
  'L',
  'CBM',
  'MG',
  'G',
  'KG',
  'MM',
  'CM',
  'M',
  'SQM',
  'OZ',
  'LB',
  'FLOZ',
  'PT',
  'QT',
  'GAL',
  'IN',
  'FT',
  'YD',
  'SQFT',
]);

const PriceInput = z.strictObject({
  price: amount.optional(),
  currency: z.string().optional(),
  discountedPrice: ignored,
  pricePerUnit: ignored,
  formatted: ignored,
});

const Choice = z.strictObject({
  value: z.string().trim().min(1).max(50),
  description: z.string().trim().max(100).optional(),
  media: ignored,
  inStock: ignored,
  visible: ignored,
});

const Option = z.strictObject({
  name: z.string().trim().min(1).max(50),
  optionType: z.enum(['drop_down', 'color', 'unspecified_option_type']).optional(),
  choices: z.array(Choice).min(1).max(300),
});
export type OptionInput = z.infer<typeof Option>;

/** Every writable field of a product; `name` is required on create only. */
const ProductFields = z.strictObject({
  id: z.string().optional(),
  name: z.string().trim().min(1).max(80),
  slug: slug.optional(),
  visible: z.boolean().optional(),
  productType: z.enum(['physical', 'digital']).optional(),
  description: z.string().max(16_000).optional(),
  sku: z.string().trim().max(40).nullable().optional(),
  weight: weight.nullable().optional(),
  stock: z
    .strictObject({
      trackInventory: z.boolean().optional(),
      quantity: z.number().int().min(0).max(1_000_000_000).nullable().optional(),
      inStock: z.boolean().optional(),
      inventoryStatus: ignored,
    })
    .optional(),
  price: PriceInput.optional(),
  priceData: PriceInput.optional(),
  convertedPriceData: ignored,
  costAndProfitData: z
    .strictObject({
      itemCost: amount.nullable().optional(),
      formattedItemCost: ignored,
      profit: ignored,
      formattedProfit: ignored,
      profitMargin: ignored,
    })
    .optional(),
  priceRange: ignored,
  costRange: ignored,
  weightRange: ignored,
  pricePerUnitData: z
    .strictObject({
      totalQuantity: z.number().positive().max(1_000_000),
      totalMeasurementUnit: MeasurementUnit,
      baseQuantity: z.number().positive().max(1_000_000),
      baseMeasurementUnit: MeasurementUnit,
    })
    .nullable()
    .optional(),
  discount: z
    .strictObject({ type: z.enum(['UNDEFINED', 'NONE', 'AMOUNT', 'PERCENT']), value: z.number().min(0).max(1_000_000_000).optional() })
    .optional(),
  additionalInfoSections: z
    .array(z.strictObject({ title: z.string().max(100), description: z.string().max(16_000) }))
    .max(20)
    .optional(),
  customTextFields: z
    .array(
      z.strictObject({
        title: z.string().trim().min(1).max(100),
        maxLength: z.number().int().min(1).max(500).optional(),
        mandatory: z.boolean().optional(),
      }),
    )
    .max(5)
    .optional(),
  manageVariants: z.boolean().optional(),
  productOptions: z.array(Option).max(MAX_OPTIONS).optional(),
  seoData: z
    .strictObject({
      tags: z.array(z.record(z.string(), z.unknown())).max(50).optional(),
      settings: z.record(z.string(), z.unknown()).optional(),
    })
    .nullable()
    .optional(),
  ribbon: z.string().trim().max(30).nullable().optional(),
  brand: z.string().trim().max(50).nullable().optional(),
  ribbons: ignored,
  media: ignored,
  productPageUrl: ignored,
  numericId: ignored,
  inventoryItemId: ignored,
  collectionIds: ignored,
  variants: ignored,
  lastUpdated: ignored,
  createdDate: ignored,
});
export type ProductInput = Partial<z.infer<typeof ProductFields>>;

export const CreateProductBody = z.strictObject({ product: ProductFields });
export const UpdateProductBody = z.strictObject({ product: ProductFields.partial() });

/** `{id}` of a path (the SDK repeats it in the body or query of some calls). */
export const IdParams = z.strictObject({ id });
export const IdQuery = z.strictObject({ id: z.string().optional() });
/**
 * A body that carries nothing but the path's id, leaves it out (`{}`), or is not sent at all (as the
 * cart's calls without input: Fastify hands a missing body to validation as null). The SDK and the
 * reference client send `{id}`.
 */
export const IdOnlyBody = z.strictObject({ id: z.string().optional() }).nullish();

const exactlyOne =
  <T extends Record<string, unknown>>(first: keyof T & string, second: keyof T & string) =>
  (value: T, ctx: z.RefinementCtx) => {
    if ((value[first] === undefined) === (value[second] === undefined)) {
      ctx.addIssue({ code: 'custom', message: `give either ${first} or ${second}`, path: [first], params: { rule: 'ONE_OF_ALIGNMENT' } });
    }
  };

const VariantOverride = z
  .strictObject({
    choices: z.record(z.string().min(1).max(50), z.string().min(1).max(50)).optional(),
    variantIds: z.array(id).min(1).max(300).optional(),
    price: amount.nullable().optional(),
    cost: amount.nullable().optional(),
    weight: weight.nullable().optional(),
    sku: z.string().trim().max(40).nullable().optional(),
    visible: z.boolean().nullable().optional(),
    /** the variant's own stock, as the reference's inventory variants carry it: `inStock` when the product does not track quantities */
    inStock: z.boolean().optional(),
    /** … and `quantity` when it does (`stock.trackInventory`) */
    quantity: z.number().int().min(0).max(1_000_000_000).optional(),
  })
  .superRefine(exactlyOne('choices', 'variantIds'));
export type VariantOverrideInput = z.infer<typeof VariantOverride>;

export const UpdateVariantsBody = z.strictObject({ id: z.string().optional(), variants: z.array(VariantOverride).min(1).max(300) });

// ---- collections

const MediaItemInput = z.strictObject({
  id: z.string().max(200).optional(),
  mediaType: z.enum(['image', 'video']).optional(),
  title: z.string().max(200).optional(),
  image: z
    .strictObject({
      url: httpUrl,
      width: z.number().int().min(1).max(100_000).optional(),
      height: z.number().int().min(1).max(100_000).optional(),
      altText: z.string().max(500).nullable().optional(),
      format: ignored,
    })
    .optional(),
  thumbnail: ignored,
  video: ignored,
});
export type MediaItemInput = z.infer<typeof MediaItemInput>;

const CollectionFields = z.strictObject({
  id: z.string().optional(),
  name: z.string().trim().min(1).max(80),
  slug: slug.optional(),
  description: z.string().max(16_000).nullable().optional(),
  visible: z.boolean().optional(),
  media: z.strictObject({ mainMedia: MediaItemInput.optional(), items: z.array(MediaItemInput).max(50).optional() }).optional(),
  numberOfProducts: ignored,
  lastUpdated: ignored,
});
export type CollectionInput = Partial<z.infer<typeof CollectionFields>>;

export const CreateCollectionBody = z.strictObject({ collection: CollectionFields });
export const UpdateCollectionBody = z.strictObject({ collection: CollectionFields.partial() });
export const ProductIdsBody = z.strictObject({ id: z.string().optional(), productIds: z.array(id).min(1).max(1000) });

// ---- product media

const MediaForWrite = z
  .strictObject({
    mediaId: id.optional(),
    url: httpUrl.optional(),
    choice: z.strictObject({ option: z.string().min(1).max(50), choice: z.string().min(1).max(50) }).optional(),
    /** Vitrine's addition (#24): a picture's description for those who cannot see it */
    altText: z.string().trim().max(500).optional(),
  })
  .superRefine(exactlyOne('mediaId', 'url'));
export type MediaForWrite = z.infer<typeof MediaForWrite>;

export const AddMediaBody = z.strictObject({ id: z.string().optional(), media: z.array(MediaForWrite).min(1).max(100) });
export const RemoveMediaBody = z.strictObject({ id: z.string().optional(), mediaIds: z.array(id).min(1).max(500) });
/** A picture's new alt text; an empty text removes it. */
export const MediaAltTextBody = z.strictObject({
  id: z.string().optional(),
  mediaId: id,
  altText: z.string().trim().max(500).describe('what the picture shows, for screen readers; empty: none'),
});
/** Every media id of the product, in the new order (the service checks it is exactly the product's). */
export const ReorderMediaBody = z.strictObject({ id: z.string().optional(), mediaIds: z.array(id).min(1).max(500) });

const ChoiceMedia = z.strictObject({
  option: z.string().min(1).max(50),
  choice: z.string().min(1).max(50),
  mediaIds: z.array(id).min(1).max(100),
});
export type ChoiceMediaInput = z.infer<typeof ChoiceMedia>;
export const ChoiceMediaBody = z.strictObject({ id: z.string().optional(), media: z.array(ChoiceMedia).min(1).max(100) });

// ---- bulk

const bulkIds = z
  .array(id)
  .min(1)
  .max(100)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat an id', params: { rule: 'VALIDATION' } });

const atLeastOne = (body: Record<string, unknown>) => Object.values(body).some((value) => value !== undefined);

export const BulkUpdateBody = z.strictObject({
  ids: bulkIds,
  set: z
    .strictObject({ price: amount.optional(), cost: amount.optional(), weight: weight.optional() })
    .refine(atLeastOne, { message: 'give price, cost or weight', params: { rule: 'REQUIRED_FIELD' } }),
});

const Adjustment = z
  .strictObject({
    amount: z.number().min(-1_000_000_000).max(1_000_000_000).optional(),
    percentage: z.number().min(-100).max(10_000).optional(),
  })
  .superRefine(exactlyOne('amount', 'percentage'));
export type Adjustment = z.infer<typeof Adjustment>;

export const BulkAdjustBody = z.strictObject({
  ids: bulkIds,
  adjust: z
    .strictObject({ price: Adjustment.optional(), cost: Adjustment.optional(), weight: Adjustment.optional() })
    .refine(atLeastOne, { message: 'give price, cost or weight', params: { rule: 'REQUIRED_FIELD' } }),
});

// ---- media upload

export const UploadQuery = z.strictObject({
  fileName: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^/\\\p{Cc}]+$/u, 'must be a file name without slashes or control characters')
    .refine((fileName) => fileName !== '.' && fileName !== '..', { message: 'must be a file name' }),
});
export const MediaFileParams = z.strictObject({ id: z.string().min(1).max(100) });
export const ServeMediaParams = z.strictObject({ id: z.string().min(1).max(100), fileName: z.string().min(1).max(300) });

// ---- answers

/** The product as `toWireProduct` shapes it (documented loosely: every field of the view is kept). */
const WireProduct = z.looseObject({ id: z.string(), name: z.string(), slug: z.string() });
export const ProductResponse = z.object({ product: WireProduct });
export const VariantsResponse = z.object({
  variants: z.array(z.looseObject({ id: z.string(), choices: z.record(z.string(), z.string()) })),
});
export const CollectionResponse = z.object({ collection: z.looseObject({ id: z.string(), name: z.string(), slug: z.string() }) });
export const Empty = z.object({});

const ItemMetadata = z.object({
  id: z.string(),
  originalIndex: z.number().int(),
  success: z.boolean(),
  error: z.object({ code: z.string(), description: z.string(), data: z.record(z.string(), z.unknown()).optional() }).optional(),
});
export const BulkResponse = z.object({
  results: z.array(z.object({ itemMetadata: ItemMetadata })),
  bulkActionMetadata: z.object({ totalSuccesses: z.number().int(), totalFailures: z.number().int() }),
});
export type BulkResponse = z.infer<typeof BulkResponse>;

export const UploadResponse = z.object({
  file: z.object({
    id: z.string(),
    url: z.string(),
    mediaType: z.enum(['image', 'video']),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    wixUri: z.string(),
  }),
});
export type UploadedFile = z.infer<typeof UploadResponse>['file'];

/** Error answers every write may give. */
export const ErrorResponses = MerchantErrorResponses;
