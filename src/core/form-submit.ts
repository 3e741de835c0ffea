/**
 * When a form's submit button works (spec 5): only while every field is
 * valid and no request from this form is running, so one click sends one
 * request. Each form's own module binds this to its validation. Pure.
 */
export function canSubmitForm(errors: Readonly<Record<string, string | undefined>>, processing: boolean): boolean {
  return !processing && Object.keys(errors).length === 0;
}
