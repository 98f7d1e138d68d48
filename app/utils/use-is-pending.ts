import { useFetchers, useFormAction, useNavigation } from "@remix-run/react";

/**
 * True while a form of this page is being submitted, by a navigation or by a
 * fetcher (Epic Stack's useIsPending): the form posting to `formAction` (this
 * route's action by default) with `formMethod`, and, when given, this `intent`.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  intent,
}: { formAction?: string; formMethod?: "POST" | "GET"; intent?: string } = {}): boolean {
  const contextualAction = useFormAction();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const action = formAction ?? contextualAction;
  const matches = (submission: { formAction?: string; formMethod?: string; formData?: FormData }) =>
    submission.formAction === action &&
    submission.formMethod?.toUpperCase() === formMethod &&
    (intent === undefined || submission.formData?.get("intent") === intent);
  return navigation.state !== "idle" && matches(navigation)
    ? true
    : fetchers.some((f) => f.state !== "idle" && matches(f));
}
