import { isRouteErrorResponse, Link, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { UPSTREAM_TIMEOUT_TEXT } from "~/utils/upstream-timeout";
import { Panel } from "./ui/layout";

/** What one status code's page says. */
export type StatusHandler = (error: ErrorResponse) => ReactNode;

/**
 * The reason a loader or action gave with its error Response, when it is a
 * short sentence. The router's own errors (`Error: No route matches URL …`,
 * marked `internal`) are English for developers, never shown.
 */
function reasonOf(error: ErrorResponse): string | null {
  if ((error as ErrorResponse & { internal?: boolean }).internal === true) return null;
  return typeof error.data === "string" && error.data.length > 0 && error.data.length < 200 ? error.data : null;
}

function ErrorPanel({ status, title, text }: { status: number; title: string; text: string }) {
  return (
    <Panel role="alert" data-testid="error-page">
      <h1>
        {status} · {title}
      </h1>
      <p>{text}</p>
      <p>
        <Link to="/store">返回算力市场</Link> · <Link to="/console/dashboard">进入控制台</Link>
      </p>
    </Panel>
  );
}

const BUSY = (status: number) => <ErrorPanel status={status} title="服务繁忙" text="服务繁忙，请稍后再试。" />;

/** The site's pages per status; a route may replace any of them. */
const DEFAULT_HANDLERS: Record<number, StatusHandler> = {
  400: (error) => (
    <ErrorPanel status={400} title="请求有误" text={reasonOf(error) ?? "提交的内容不正确，请检查后重试。"} />
  ),
  403: (error) => (
    <ErrorPanel status={403} title="没有权限" text={reasonOf(error) ?? "您没有权限访问此页面或执行此操作。"} />
  ),
  404: (error) => (
    <ErrorPanel status={404} title="页面不存在" text={reasonOf(error) ?? "您访问的页面不存在或已下线。"} />
  ),
  413: () => <ErrorPanel status={413} title="内容过大" text="提交的内容过大，请精简后重试。" />,
  500: () => BUSY(500),
  503: () => BUSY(503),
  504: () => <ErrorPanel status={504} title="服务响应超时" text={`${UPSTREAM_TIMEOUT_TEXT}。`} />,
};

/**
 * One error boundary for the site (Epic Stack's GeneralErrorBoundary): a page
 * per status code, 服务繁忙 for a fault of ours (the cause is logged on the
 * server, never shown), and the same for an error thrown while rendering.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = (error) => (
    <ErrorPanel status={error.status} title="请求未完成" text={reasonOf(error) ?? "请稍后刷新重试。"} />
  ),
}: {
  statusHandlers?: Record<number, StatusHandler>;
  defaultStatusHandler?: StatusHandler;
}) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) {
    if (typeof document !== "undefined") console.error(error);
    return BUSY(500);
  }
  const handler = statusHandlers?.[error.status] ?? DEFAULT_HANDLERS[error.status] ?? defaultStatusHandler;
  return <>{handler(error)}</>;
}
