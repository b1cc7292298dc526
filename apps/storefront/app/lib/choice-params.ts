/**
 * A product page's chosen options in its address, by the names shoppers read (`?opt.Color=Navy&opt.Size=M`),
 * so a shared link or the back button says what was chosen; a colour's code stays in its swatch (#22).
 */
import { OPTION_PARAM } from './availability-url.js';
import type { OptionView } from './catalogue-view.js';
import type { Selection } from './variant-selection.js';

/** `search` with its option parameters replaced by the selection's choices, named by their labels. */
export function withChoiceParams(search: URLSearchParams, options: OptionView[], selection: Selection): URLSearchParams {
  const next = new URLSearchParams([...search].filter(([key]) => !key.startsWith(OPTION_PARAM)));
  for (const option of options) {
    const value = selection[option.name];
    if (value === undefined) continue;
    const label = option.choices.find((choice) => choice.value === value)?.label ?? value;
    next.append(`${OPTION_PARAM}${option.name}`, label);
  }
  return next;
}

/** The choices an address names, by label or by value (a colour's code, as older links carried it); others ignored. */
export function choicesFromParams(search: URLSearchParams, options: OptionView[]): Selection {
  const selection: Selection = {};
  for (const option of options) {
    const named = search.get(`${OPTION_PARAM}${option.name}`);
    if (named === null) continue;
    const choice =
      option.choices.find((candidate) => candidate.label === named) ?? option.choices.find((candidate) => candidate.value === named);
    if (choice) selection[option.name] = choice.value;
  }
  return selection;
}

/**
 * The product links' query of a listing narrowed to one choice of an option (`o.Color=White`): the
 * product page opens on that choice (`?opt.Color=White`); an option with several choices ticked names none.
 */
export function choiceLinkSearch(listingChoices: Record<string, string[]>): string {
  const search = new URLSearchParams();
  for (const [name, values] of Object.entries(listingChoices)) if (values.length === 1) search.append(`${OPTION_PARAM}${name}`, values[0]);
  const query = search.toString();
  return query ? `?${query}` : '';
}
