import { redirect } from "@remix-run/node";
import { selectQuestionPath } from "~/utils/paths";

/** Spec §2: createWorkOrder redirects to selectQuestion. */
export function loader() {
  return redirect(selectQuestionPath());
}
