import { type FormEvent, useId, useState } from 'react';

/** A list's search field and its button: `onSearch` gets the trimmed text when the merchant submits it. */
export function SearchBox(props: { label: string; placeholder: string; value: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(props.value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(draft.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="toolbar__search">
        <label htmlFor={id}>{props.label}</label>
        <input
          id={id}
          type="search"
          value={draft}
          maxLength={200}
          placeholder={props.placeholder}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
    </search>
  );
}
