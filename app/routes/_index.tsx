import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

/** Spec §2: / redirects to /store (keeping bd_vid and other parameters). */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`/store${url.search}`);
}
