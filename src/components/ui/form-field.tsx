/**
 * Labelled form controls. Every control has a visible label tied to it
 * (tests and screen readers find controls by label) and shows its
 * validation message below, announced through aria-describedby.
 */
import { useId, type InputHTMLAttributes, type ReactElement, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: FieldFrameProps): ReactElement {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p className="field-hint" id={`${id}-hint`}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

export function TextField({ label, error, hint, ...input }: TextFieldProps): ReactElement {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input id={id} className="input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string | undefined;
  hint?: ReactNode;
};

export function SelectField({ label, options, error, hint, ...select }: SelectFieldProps): ReactElement {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select id={id} className="input select" aria-invalid={error ? true : undefined} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
  /** Accessible name when the visible label holds a link or other markup. */
  accessibleLabel?: string;
};

export function CheckboxField({ label, accessibleLabel, ...input }: CheckboxFieldProps): ReactElement {
  const id = useId();
  return (
    <div className="checkbox-field">
      <input id={id} type="checkbox" className="checkbox" aria-label={accessibleLabel} {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
