import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { forwardToPlatform } from "~/upstream/mount.server";

/**
 * Mounts the platform's /ops door for `npm run ops` (decision 035): closed without the operator key, and 404
 * when the platform serves it on its own port (OPS_PORT, decision 061), where this mount never leads.
 */
export const loader = ({ request }: LoaderFunctionArgs) => forwardToPlatform(request);
export const action = ({ request }: ActionFunctionArgs) => forwardToPlatform(request);
