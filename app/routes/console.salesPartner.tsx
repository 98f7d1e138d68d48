import { redirect } from "@remix-run/node";

/** Spec §2: /console/salesPartner redirects to the sales dashboard. */
export const loader = () => redirect("/console/salesDashboard");
