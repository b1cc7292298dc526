import { type ReactNode, useId } from 'react';

/**
 * A labelled form control with its hint and its problem: the problem is announced with the field
 * (`aria-describedby`, `aria-invalid`) and shown under it.
 */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': described || undefined, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

interface ValueFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * A labelled line of text: `maxLength` is the server's limit for it (the field stops there rather than
 * the save failing), `required` where the record has none without it.
 */
export function TextField({
  label,
  hint,
  value,
  onChange,
  error,
  maxLength,
  required,
}: ValueFieldProps & { label: string; hint?: string; maxLength?: number; required?: boolean }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(fieldProps) => (
        <input {...fieldProps} value={value} maxLength={maxLength} required={required} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}

/** A labelled web address (https://…), at most 2,048 characters as the server takes them. */
export function WebAddressField({ label, hint, value, onChange, error }: ValueFieldProps & { label: string; hint: string }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(fieldProps) => (
        <input
          {...fieldProps}
          type="url"
          placeholder="https://"
          maxLength={2048}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** When an offer ends, in the merchant's local time; empty: never. */
export function EndsField({ value, onChange, error }: ValueFieldProps) {
  return (
    <Field label="Ends" hint="Empty: never." error={error}>
      {(fieldProps) => <input {...fieldProps} type="datetime-local" value={value} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}
