import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { forwardToPlatform } from "~/upstream/mount.server";

/** Mounts the platform's /api contract for outside clients. */
export const loader = ({ request }: LoaderFunctionArgs) => forwardToPlatform(request);
export const action = ({ request }: ActionFunctionArgs) => forwardToPlatform(request);
