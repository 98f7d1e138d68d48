import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Page, Panel } from "./ui/layout";

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: "请求有误", text: "提交的内容不正确，请检查后重试。" },
  403: { title: "没有权限", text: "您没有权限访问此页面或执行此操作。" },
  404: { title: "页面不存在", text: "您访问的页面不存在或已下线。" },
};

/** One error boundary for every route, with a message per status code. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = MESSAGES[status] ?? { title: "服务暂时不可用", text: "页面出错了，请稍后刷新重试。" };
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data.length < 200 ? error.data : null;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Page>
      <Panel>
        <h1>
          {status} · {known.title}
        </h1>
        <p>{detail ?? known.text}</p>
        <p>
          <Link to="/store">返回算力市场</Link> · <Link to="/console/dashboard">进入控制台</Link>
        </p>
      </Panel>
    </Page>
  );
}
