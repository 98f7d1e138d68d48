import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { DeskFrame } from "~/components/desk/DeskFrame";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { requireStaff } from "~/utils/desk-session.server";

export const DESK_CACHE_CONTROL = "private, no-store";

export const meta: MetaFunction = () => [{ title: "客服工作台 · 算力云" }];

/** The desk's guard: a staff session (never a user's), else /desk/login?redirectTo=… */
export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request);
  return data({ staff }, { headers: { "Cache-Control": DESK_CACHE_CONTROL } });
}

export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", DESK_CACHE_CONTROL);
  return headers;
};

export default function DeskLayout() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <DeskFrame staff={staff}>
      <Outlet />
    </DeskFrame>
  );
}

/** An error inside the desk (a 404, a 403, 服务繁忙) keeps the desk's bar. */
export function ErrorBoundary() {
  const layout = useRouteLoaderData<typeof loader>("routes/desk");
  return (
    <DeskFrame staff={layout?.staff ?? null}>
      <GeneralErrorBoundary />
    </DeskFrame>
  );
}
