/**
 * What a visitor did to a form before the app started. Pages are used as HTML first and React starts on the
 * first interaction (docs/decisions/006-native-controls.md); hydration keeps what the visitor has typed or
 * chosen meanwhile, and leaves each control's default (defaultValue, defaultChecked, defaultSelected) at the
 * value it was rendered with. A component that mirrors a control in React state reads the control's current
 * value when it hydrates (docs/decisions/012-fill-time-and-flags.md).
 */

/** Whether any control of `form` now differs from the value it was rendered with. */
export function changedSinceRender(form: HTMLFormElement): boolean {
  for (const control of form.elements) {
    if (control instanceof HTMLInputElement) {
      if (control.type === "checkbox" || control.type === "radio") {
        if (control.checked !== control.defaultChecked) return true;
      } else if (control.type !== "file" && control.value !== control.defaultValue) return true;
    } else if (control instanceof HTMLTextAreaElement) {
      if (control.value !== control.defaultValue) return true;
    } else if (control instanceof HTMLSelectElement) {
      if ([...control.options].some((option) => option.selected !== option.defaultSelected)) return true;
    }
  }
  return false;
}
