import type { ComponentProps } from "react";
import { useIsPending } from "~/utils/use-is-pending";
import { Button } from "./Button";

/**
 * Every submit button: it posts its `intent` and shows it is working while that
 * intent of its form is being submitted (by a navigation or a fetcher). Without
 * JavaScript it is a plain submit button.
 */
export function StatusButton({
  intent,
  formAction,
  children,
  pendingText = "提交中…",
  ...props
}: ComponentProps<typeof Button> & { intent: string; formAction?: string; pendingText?: string }) {
  const pending = useIsPending({ intent, formAction });
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      formAction={formAction}
      disabled={pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? pendingText : children}
    </Button>
  );
}
