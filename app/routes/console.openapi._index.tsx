import { redirect } from "@remix-run/node";

/** /console/openapi is the access keys' page (the spec's routes: "openapi (redirects to accessKey)"). */
export const loader = () => redirect("/console/openapi/accessKey");
