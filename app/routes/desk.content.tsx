import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { ContentKindTabs } from "~/components/desk/content/ContentKindTabs";
import { requireContentEditor } from "~/utils/desk-content-pages.server";

export const meta: MetaFunction = () => [{ title: "内容管理 · 客服工作台" }];

/** /desk/content/*: editors and admins only; an agent, a lead or finance gets 403. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireContentEditor(request);
  return null;
}

export default function DeskContentLayout() {
  return (
    <>
      <ContentKindTabs />
      <Outlet />
    </>
  );
}
