import { Field } from "./Field";

/** A mainland mobile number field (11 digits, the phone's number pad and autofill), named `phone`. */
export function PhoneField({
  label = "手机号",
  defaultValue,
  error,
}: {
  label?: string;
  defaultValue?: string;
  error?: string;
}) {
  return (
    <Field
      label={label}
      name="phone"
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={11}
      defaultValue={defaultValue}
      error={error}
    />
  );
}
