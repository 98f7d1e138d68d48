import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { styled } from "./stitches.config";

/** What every native control of the kit shares: border, type, focus and the invalid mark. */
const control = {
  border: "1px solid $border",
  borderRadius: "$sm",
  fontFamily: "$body",
  fontSize: "$md",
  // Phones zoom into a field whose text is under 16 px when it is tapped.
  "@mobile": { fontSize: "$lg" },
  color: "$text",
  backgroundColor: "white",
  "&:focus": { outline: "none", borderColor: "$primary" },
  "&[aria-invalid=true]": { borderColor: "$error" },
} as const;

export const Input = styled("input", { ...control, height: "$control", width: "100%", padding: "0 $2" });

const Wrapper = styled("div", { display: "flex", flexDirection: "column", gap: "$1", marginBottom: "$3" });
const Label = styled("label", { fontSize: "$md", color: "$text" });
export const FieldError = styled("p", { margin: 0, color: "$errorText", fontSize: "$sm", minHeight: 18 });
const Row = styled("div", { display: "flex", gap: "$2", alignItems: "center" });

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string | null;
  /** Something beside the input, such as a "send code" button. */
  aside?: ReactNode;
}

/** A labelled native input with its one error shown beneath it (spec §5: one error per field). */
export function Field({ label, name, error, aside, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated}`;
  const errorId = `${inputId}-error`;
  return (
    <Wrapper>
      <Label htmlFor={inputId}>{label}</Label>
      <Row>
        <Input
          id={inputId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {aside}
      </Row>
      <FieldError id={errorId} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </Wrapper>
  );
}

const CheckLabel = styled("label", { display: "flex", gap: "$2", alignItems: "flex-start", fontSize: "$md" });

export function CheckboxField({
  name,
  error,
  children,
  ...input
}: { name: string; error?: string | null; children: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Wrapper>
      <CheckLabel>
        <input
          type="checkbox"
          name={name}
          value="1"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <span>{children}</span>
      </CheckLabel>
      <FieldError id={`${id}-error`} role={error ? "alert" : undefined}>
        {error ?? ""}
      </FieldError>
    </Wrapper>
  );
}

/**
 * A native select at the control height (posts without JavaScript), never wider than its box, however long its
 * longest option (a phone, a narrow window).
 */
export const Select = styled("select", { ...control, height: "$control", maxWidth: "100%", padding: "0 $2" });

/** A native multi-line input. */
export const TextArea = styled("textarea", {
  ...control,
  width: "100%",
  minHeight: 72,
  padding: "$2",
});
