/**
 * The words `vitrine seed --generate` names products with: an adjective, a material and a noun. Also
 * what bench/search asks for (lower-cased), so that its queries find the generated products.
 */
export const ADJECTIVES = [
  'Classic',
  'Rustic',
  'Modern',
  'Vintage',
  'Everyday',
  'Compact',
  'Deluxe',
  'Organic',
  'Nordic',
  'Urban',
  'Coastal',
  'Alpine',
];
export const MATERIALS = ['Oak', 'Linen', 'Ceramic', 'Cotton', 'Steel', 'Wool', 'Bamboo', 'Leather', 'Glass', 'Canvas', 'Copper', 'Cork'];
export const NOUNS = [
  'Mug',
  'Tee',
  'Notebook',
  'Tote',
  'Lamp',
  'Vase',
  'Blanket',
  'Bottle',
  'Planter',
  'Apron',
  'Cushion',
  'Backpack',
  'Candle',
  'Bowl',
];
