import { keepPreviousData, queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Choice, Media, OptionSelection, ProductOption, ProductOptionsAvailabilityResponse, VariantData } from '@vitrine/sdk';
import type { VitrineClient } from '../client.js';
import { useVitrine } from '../context.js';
import { vitrineKeys } from '../keys.js';

/** A choice as a picker shows it under the current selection. */
export interface ChoiceState extends Choice {
  /** this choice is the selected one of its option */
  selected: boolean;
  /** visible and in stock with the other options as selected (a picker greys out the rest) */
  available: boolean;
}

/** An option with the state of each of its choices. */
export interface OptionState extends Omit<ProductOption, 'choices'> {
  choices: ChoiceState[];
}

/** What an option selection leads to. */
export interface VariantSelection {
  /** the variant, once every option has a choice */
  selectedVariant: VariantData | null;
  /** the choices select exactly one visible variant */
  variantSelectionAvailable: boolean;
  /** that variant can be bought now (in stock) */
  availableForPurchase: boolean;
  options: OptionState[];
  media?: Media;
}

/** The SDK's availability answer as per-choice states. */
export function toVariantSelection(answer: ProductOptionsAvailabilityResponse, choices: OptionSelection): VariantSelection {
  const options = (answer.productOptions ?? []).map(({ choices: list, ...option }) => ({
    ...option,
    choices: (list ?? []).map((c) => ({
      ...c,
      selected: option.name !== undefined && choices[option.name] === c.value,
      available: c.visible !== false && c.inStock !== false,
    })),
  }));
  return {
    selectedVariant: answer.selectedVariant ?? null,
    variantSelectionAvailable: answer.variantSelectionAvailable ?? false,
    availableForPurchase: answer.availableForPurchase ?? false,
    options,
    ...(answer.media ? { media: answer.media } : {}),
  };
}

/** The availability query of a product's option selection (`productOptionsAvailability`). */
const variantQueryOptions = (client: VitrineClient, productId: string, choices: OptionSelection) =>
  queryOptions({
    queryKey: vitrineKeys.variant(productId, choices),
    queryFn: async () => toVariantSelection(await client.products.getProductOptionsAvailability(productId, choices), choices),
  });

/**
 * The variant that `choices` select on a product, whether it can be bought, and which choices remain
 * available. The last answer stays while a new selection loads, so pickers do not flicker.
 * @example const { data } = useVariant(product._id, { Size: 'L' }); data?.availableForPurchase
 * @see spec §7 "Catalogue read" (productOptionsAvailability)
 */
export function useVariant(productId: string | undefined, choices: OptionSelection = {}): UseQueryResult<VariantSelection> {
  const { client } = useVitrine();
  return useQuery({ ...variantQueryOptions(client, productId ?? '', choices), enabled: !!productId, placeholderData: keepPreviousData });
}
