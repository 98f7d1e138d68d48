import { redirect } from "@remix-run/node";

/** Spec §2: /console redirects to /console/dashboard. */
export const loader = () => redirect("/console/dashboard");
