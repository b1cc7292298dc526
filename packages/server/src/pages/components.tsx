import type { WidgetAttributes } from 'altcha/types';
import type { ReactNode } from 'react';

// The package's own `altcha/types/react` augmentation imports `'./'`, which NodeNext cannot resolve,
// so the element is declared here from the package's attribute type.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': WidgetAttributes;
    }
  }
}

/** Where a form posts, and the hidden values it carries back (CSRF token, flow id, ...). */
export interface FormTarget {
  /** The form's `action` URL. */
  action: string;
  hidden: Record<string, string>;
}

/** The password rule as shoppers read it; the identity service enforces the same bounds. */
const PASSWORD_HINT = '8 to 256 characters';

/** The id of a field's input; the error summary links to it. */
export function fieldId(name: string): string {
  return `field-${name}`;
}

/** One hidden input per entry, in the given order. */
export function HiddenInputs({ values }: { values: Record<string, string> }) {
  return Object.entries(values).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** A POST form with its hidden inputs first. */
export function PostForm({ target, children, label }: { target: FormTarget; children: ReactNode; label?: string }) {
  return (
    <form method="post" action={target.action} aria-label={label}>
      <HiddenInputs values={target.hidden} />
      {children}
    </form>
  );
}

interface FieldProps {
  /** The form field name; the input's id is `field-<name>`. */
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  /** The value to show again after a failed post; never rendered for passwords. */
  value?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  className?: string;
}

/** A labelled input whose hint and error are tied to it by `aria-describedby`; `aria-invalid` marks an error. */
export function Field({ name, label, type, value, error, hint, required = true, ...rest }: FieldProps) {
  const id = fieldId(name);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <input
        id={id}
        name={name}
        type={type}
        // A password never travels back into the HTML, even when the route passes one by mistake.
        defaultValue={type === 'password' ? undefined : value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/** A labelled list of choices; the first option is the empty "choose" line. Hint and error tied to it as on `Field`. */
export function SelectField(props: {
  name: string;
  label: string;
  autoComplete: string;
  /** the empty first option's text */
  placeholder: string;
  options: { value: string; label: string }[];
  value?: string;
  error?: string;
  hint?: string;
  required?: boolean;
}) {
  const id = fieldId(props.name);
  const describedBy = [props.hint && `${id}-hint`, props.error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const selected = props.options.some((o) => o.value === props.value) ? props.value : '';
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint && (
        <span className="hint" id={`${id}-hint`}>
          {props.hint}
        </span>
      )}
      <select
        id={id}
        name={props.name}
        autoComplete={props.autoComplete}
        defaultValue={selected}
        required={props.required ?? true}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {props.error && (
        <span className="field-error" id={`${id}-error`}>
          {props.error}
        </span>
      )}
    </div>
  );
}

/** The form's submit button; `secondary` for the less important action of a pair. */
export function SubmitButton({ children, secondary }: { children: ReactNode; secondary?: boolean }) {
  return (
    <button type="submit" className={secondary ? 'button button-secondary' : 'button'}>
      {children}
    </button>
  );
}

/**
 * The error summary at the top of a form (`role="alert"`): the form-level message, then each field
 * error linking to its input. Renders nothing when there is no error.
 */
export function FormError<F extends string>(props: {
  error?: string;
  fieldErrors?: Partial<Record<F, string>>;
  labels: Record<F, string>;
}) {
  const fields = (Object.keys(props.labels) as F[]).filter((f) => props.fieldErrors?.[f]);
  if (!props.error && fields.length === 0) return null;
  return (
    <div className="form-error" role="alert" id="form-error">
      <p>{props.error ?? 'Please correct the following:'}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map((field) => (
            <li key={field}>
              <a href={`#${fieldId(field)}`}>{`${props.labels[field]}: ${props.fieldErrors?.[field]}`}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Whether a page has anything to show in its error summary (the title then starts with "Error:"). */
export function hasErrors(error: string | undefined, fieldErrors: Partial<Record<string, string>> | undefined): boolean {
  return Boolean(error) || Object.values(fieldErrors ?? {}).some(Boolean);
}

/** The ALTCHA widget; it adds a hidden `altcha` input holding the solved payload to the form. */
export function CaptchaWidget({ challengeUrl }: { challengeUrl: string }) {
  return (
    <div className="captcha">
      <altcha-widget challenge={challengeUrl} name="altcha" auto="onfocus" />
      <noscript>
        <p className="field-error">This form needs JavaScript turned on for its anti-robot check.</p>
      </noscript>
    </div>
  );
}

/** The shopper's e-mail (`email`): 254 characters at most, the longest address mail servers take. */
export function EmailField({ label, value, error, hint }: { label: string; value?: string; error?: string; hint?: string }) {
  return <Field name="email" label={label} type="email" autoComplete="email" value={value} error={error} maxLength={254} hint={hint} />;
}

/** The field where a shopper chooses a password (`password`), with the password rule as its hint and bounds. */
export function NewPasswordField({ label, error }: { label: string; error?: string }) {
  return (
    <Field
      name="password"
      label={label}
      type="password"
      autoComplete="new-password"
      hint={PASSWORD_HINT}
      error={error}
      minLength={8}
      maxLength={256}
    />
  );
}
