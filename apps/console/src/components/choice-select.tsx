/**
 * A labelled select over a table of choices (a list's filter or sort): picking the default choice
 * gives `''`, so the URL leaves it out.
 */
export function ChoiceSelect({
  label,
  value,
  choices,
  defaultValue,
  onChange,
}: {
  label: string;
  value: string;
  choices: Record<string, { label: string }>;
  defaultValue: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(event) => onChange(event.target.value === defaultValue ? '' : event.target.value)}>
        {Object.entries(choices).map(([key, choice]) => (
          <option key={key} value={key}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
