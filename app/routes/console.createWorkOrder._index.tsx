import { redirect } from "@remix-run/node";
import { selectQuestionPath } from "~/utils/console-paths";

/** Spec §2: createWorkOrder redirects to selectQuestion. */
export function loader() {
  return redirect(selectQuestionPath());
}
