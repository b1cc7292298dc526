import type { OptionView } from '../lib/catalogue-view.js';

/** A colour choice whose value is a colour code: its swatch is that colour, not its picture. */
const COLOR_CODE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

interface OptionPickerProps {
  option: OptionView;
  selected?: string;
  onSelect(value: string): void;
}

/**
 * One product option as a group of toggle buttons (colour options as swatches). Every choice stays
 * clickable: one that cannot be bought with the other options as chosen is struck through and says
 * so, and picking it moves the other options to a combination that exists (product-details.tsx).
 */
export function OptionPicker({ option, selected, onSelect }: OptionPickerProps) {
  const swatches = option.kind === 'color';
  const labelId = `option-${option.name.replace(/\W+/g, '-')}`;
  return (
    <fieldset className="option-picker">
      <legend id={labelId}>
        {option.name}
        {selected ? (
          <span className="option-picker__chosen">: {option.choices.find((choice) => choice.value === selected)?.label ?? selected}</span>
        ) : null}
      </legend>
      <div className={`option-picker__choices${swatches ? ' option-picker__choices--swatches' : ''}`}>
        {option.choices.map((choice) => {
          const isSelected = choice.value === selected;
          return (
            <button
              key={choice.value}
              type="button"
              className={swatches ? 'swatch' : 'choice'}
              aria-pressed={isSelected}
              data-unavailable={!choice.available || undefined}
              aria-label={`${choice.label}${choice.available ? '' : ' (unavailable with this selection)'}`}
              title={choice.available ? choice.label : `${choice.label}: unavailable with this selection; choosing it changes the others`}
              onClick={() => onSelect(choice.value)}
            >
              {swatches ? (
                <span
                  className="swatch__color"
                  aria-hidden="true"
                  style={{
                    backgroundColor: choice.value.toLowerCase().replace(/\s+/g, ''),
                    backgroundImage: choice.swatchImage && !COLOR_CODE.test(choice.value) ? `url("${choice.swatchImage}")` : undefined,
                  }}
                />
              ) : (
                choice.label
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
