import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { forwardToPlatform } from "~/upstream/mount.server";

/**
 * Mounts the platform's /sandbox pages (the SMS and email outboxes, the e2e session door). The
 * platform has them only outside production (config.sandbox, decision 026); in production it
 * answers 404 here.
 */
export const loader = ({ request }: LoaderFunctionArgs) => forwardToPlatform(request);
export const action = ({ request }: ActionFunctionArgs) => forwardToPlatform(request);
