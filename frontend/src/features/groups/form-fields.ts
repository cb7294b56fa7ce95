import type { FormikProps } from "formik";

/**
 * Field props that mark the field touched as soon as it changes, so its message shows while typing (docs/product.md §5:
 * the group forms validate on change), not only after it loses focus.
 */
export function liveField<V extends object>(form: FormikProps<V>, name: keyof V & string) {
  const props = form.getFieldProps(name);
  return {
    ...props,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      props.onChange(e);
      void form.setFieldTouched(name, true, false);
    },
  };
}

/** The field's message once it was touched or the form was submitted. */
export function fieldError<V extends object>(form: FormikProps<V>, name: keyof V & string): string | undefined {
  const error = form.errors[name];
  return (form.touched[name] || form.submitCount > 0) && typeof error === "string" ? error : undefined;
}
