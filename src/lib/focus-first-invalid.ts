/**
 * After a refused submit: the first field marked invalid takes the focus, which scrolls it into view.
 * The user lands on what to fix, not on the list of errors at the bottom of a long dialog (the
 * submit button, where the focus was, is below every field). Runs once React has drawn the errors.
 */
export function focusFirstInvalidSoon(form: HTMLFormElement): void {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
