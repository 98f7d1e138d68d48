import { redirect } from "@remix-run/node";
import { SELECT_VERIFICATION_PATH } from "~/utils/console-paths";

/** /console/verification goes to its overview (spec §1: verification redirects to selectVerification). */
export const loader = () => redirect(SELECT_VERIFICATION_PATH);
