import { useNavigation } from "@remix-run/react";
import type { ComponentProps } from "react";
import { Button } from "./Button";

/** A submit button that shows it is working while its own intent is being submitted. */
export function SubmitButton({
  intent,
  children,
  pendingText = "提交中…",
  ...props
}: ComponentProps<typeof Button> & { intent: string; pendingText?: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" name="intent" value={intent} disabled={pending} aria-busy={pending || undefined} {...props}>
      {pending ? pendingText : children}
    </Button>
  );
}
