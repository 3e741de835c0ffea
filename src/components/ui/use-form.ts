/**
 * The state of a form that saves through a store action (the add/edit
 * dialogs): its values, the fields the user has left, whether a submit was
 * tried, and the save's progress and refusal.
 *
 * A field's error shows only once the field was left or a submit was tried,
 * so a fresh form does not open covered in errors. Whether submit may run is
 * the form's own rule (its pure *-form.ts module, unit-tested), passed in
 * rather than decided here. A refused save keeps the form open with the
 * store's message and lets the user edit again; a saved one calls `onSaved`.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { ActionResult } from './action-result';

/** The fields whose value is free text, the ones a text box edits. */
type TextKey<Values> = { [Key in keyof Values]: string extends Values[Key] ? Key : never }[keyof Values];

export interface FormOptions<Values, ErrorField extends keyof Values> {
  initial: () => Values;
  validate: (values: Values) => Partial<Record<ErrorField, string>>;
  canSubmit: (values: Values, processing: boolean) => boolean;
  save: (values: Values) => Promise<ActionResult>;
  onSaved: () => void;
}

/** The props that tie a TextField to one field: its value, its edits, its leaving, its error once shown. */
export interface TextFieldBinding {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error: string | undefined;
}

export interface FormState<Values, ErrorField extends keyof Values> {
  values: Values;
  /** True while the save runs: controls are disabled and the dialog cannot be dismissed. */
  processing: boolean;
  /** The last refused save's message, cleared when the next one starts. */
  error: string | null;
  canSubmit: boolean;
  set: <Field extends keyof Values>(field: Field, value: Values[Field]) => void;
  textField: (field: ErrorField & TextKey<Values>) => TextFieldBinding;
  submit: (event: FormEvent) => void;
}

export function useForm<Values, ErrorField extends keyof Values>(options: FormOptions<Values, ErrorField>): FormState<Values, ErrorField> {
  const [values, setValues] = useState<Values>(options.initial);
  const [touched, setTouched] = useState<ReadonlySet<keyof Values>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const errors = options.validate(values);
  const canSubmit = options.canSubmit(values, processing);

  const set = <Field extends keyof Values>(field: Field, value: Values[Field]) => setValues((previous) => ({ ...previous, [field]: value }));

  const save = async () => {
    setProcessing(true);
    setError(null);
    const result = await options.save(values);
    if (result.ok) {
      options.onSaved();
      return;
    }
    setProcessing(false);
    setError(result.message);
  };

  return {
    values,
    processing,
    error,
    canSubmit,
    set,
    textField: (field) => ({
      value: values[field] as string,
      onChange: (event) => setValues((previous) => ({ ...previous, [field]: event.target.value })),
      onBlur: () => setTouched((previous) => new Set(previous).add(field)),
      error: submitted || touched.has(field) ? errors[field] : undefined,
    }),
    submit: (event) => {
      event.preventDefault();
      setSubmitted(true);
      if (canSubmit) void save();
    },
  };
}
