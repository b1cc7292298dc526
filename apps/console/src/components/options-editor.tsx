import type { DraftErrors, OptionDraft } from '../lib/product-draft.js';
import { emptyChoice, emptyOption } from '../lib/product-draft.js';
import { Field, TextField } from './field.js';

/** How many options a product may have (the server's limit). */
const MAX_OPTIONS = 6;

/**
 * The product's options (Size, Colour…) and their choices. Every combination of choices is a
 * variant: the server makes them when the product is saved, keeping each surviving variant's data.
 */
export function OptionsEditor({
  options,
  errors,
  onChange,
}: {
  options: OptionDraft[];
  errors: Partial<DraftErrors>;
  onChange: (options: OptionDraft[]) => void;
}) {
  const update = (i: number, changes: Partial<OptionDraft>) =>
    onChange(options.map((option, k) => (k === i ? { ...option, ...changes } : option)));

  return (
    <fieldset className="form-section">
      <legend>Options</legend>
      <p className="muted">Options like size or colour. The shop offers one variant per combination of their choices.</p>
      {options.map((option, i) => {
        const title = option.name.trim() || `option ${i + 1}`;
        return (
          <fieldset key={option.key} className="option" aria-label={`Option ${i + 1}`}>
            <div className="form-row">
              <TextField
                label={`Option ${i + 1} name`}
                error={errors[`options.${i}.name`]}
                value={option.name}
                maxLength={50}
                onChange={(name) => update(i, { name })}
              />
              <Field label={`How shoppers pick ${title}`}>
                {(fieldProps) => (
                  <select
                    {...fieldProps}
                    value={option.kind}
                    onChange={(event) => update(i, { kind: event.target.value as OptionDraft['kind'] })}
                  >
                    <option value="drop_down">From a list</option>
                    <option value="color">Colour swatches</option>
                  </select>
                )}
              </Field>
            </div>
            <ol className="choices">
              {option.choices.map((choice, j) => {
                const setChoice = (changes: Partial<typeof choice>) =>
                  update(i, { choices: option.choices.map((other, k) => (k === j ? { ...other, ...changes } : other)) });
                return (
                  <li key={choice.key} className="form-row">
                    <Field label={`Choice ${j + 1} of ${title}`} error={errors[`options.${i}.choices.${j}`]}>
                      {(fieldProps) => (
                        <input
                          {...fieldProps}
                          value={choice.description}
                          maxLength={50}
                          onChange={(event) => setChoice({ description: event.target.value })}
                        />
                      )}
                    </Field>
                    {option.kind === 'color' ? (
                      <Field label={`Colour of ${choice.description.trim() || `choice ${j + 1}`}`}>
                        {(fieldProps) => (
                          <input
                            {...fieldProps}
                            type="color"
                            value={choice.color}
                            onChange={(event) => setChoice({ color: event.target.value })}
                          />
                        )}
                      </Field>
                    ) : null}
                    <button
                      type="button"
                      className="button button--quiet"
                      disabled={option.choices.length === 1}
                      onClick={() => update(i, { choices: option.choices.filter((_, k) => k !== j) })}
                      aria-label={`Remove choice ${choice.description.trim() || j + 1} of ${title}`}
                    >
                      Remove
                    </button>
                  </li>
                );
              })}
            </ol>
            <div className="actions__buttons">
              <button type="button" className="button" onClick={() => update(i, { choices: [...option.choices, emptyChoice()] })}>
                Add a choice to {title}
              </button>
              <button type="button" className="button button--quiet" onClick={() => onChange(options.filter((_, k) => k !== i))}>
                Remove {title}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button"
        disabled={options.length >= MAX_OPTIONS}
        onClick={() => onChange([...options, emptyOption()])}
      >
        Add an option
      </button>
    </fieldset>
  );
}
