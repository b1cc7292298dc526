/**
 * Sample import files as the platforms document their columns (#24): Shopify's product CSV in its
 * older and current column names, Wix Stores' product CSV, and a line of such a file by column name.
 */

/** Shopify's documented columns (Help Center, "Using CSV files to import and export products"). */
export const SHOPIFY_HEADER =
  'Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Variant Image,Variant Weight Unit,Cost per item,Status';

/** Shopify's current column names (its product CSV template since 2024: `URL handle`, `Product image URL`…). */
export const SHOPIFY_CURRENT_HEADER =
  'Title,URL handle,Description,Vendor,Product category,Type,Tags,Published on online store,Status,SKU,Barcode,Option1 name,Option1 value,Option1 Linked To,Option2 name,Option2 value,Option2 Linked To,Option3 name,Option3 value,Option3 Linked To,Price,Compare-at price,Cost per item,Charge tax,Tax code,Inventory tracker,Inventory quantity,Continue selling when out of stock,Weight value (grams),Weight unit for display,Requires shipping,Fulfillment service,Product image URL,Image position,Image alt text,Variant image URL,Gift card,SEO title,SEO description';

/** A CSV line of `header` with these cells by column name (the others empty). */
export function csvLine(header: string, cells: Record<string, string>): string {
  const columns = header.split(',');
  for (const name of Object.keys(cells)) if (!columns.includes(name)) throw new TypeError(`no column ${name} in the header`);
  return columns
    .map((column) => (/[",\n]/.test(cells[column] ?? '') ? `"${(cells[column] as string).replace(/"/g, '""')}"` : (cells[column] ?? '')))
    .join(',');
}

/** Wix Stores' documented columns (Help Center, "Wix Stores: Importing Products"). */
export const WIX_HEADER =
  'handleId,fieldType,name,description,productImageUrl,collection,sku,ribbon,price,surcharge,visible,discountMode,discountValue,inventory,weight,productOptionName1,productOptionType1,productOptionDescription1,productOptionName2,productOptionType2,productOptionDescription2,additionalInfoTitle1,additionalInfoDescription1';
