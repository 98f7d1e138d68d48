import { Link } from "@remix-run/react";
import type { EntryView } from "~/utils/verification.server";
import { Badge, Muted } from "../ui/layout";
import { formatDateTime } from "~/utils/format";

const TONE = { pending: "warn", verified: "success", rejected: "muted", expired: "muted" } as const;

/**
 * Where one kind of verification stands: not started, pending, verified (with the masked values), rejected (with the
 * reason) or expired (a student who graduated), with how to try again (`retry`).
 */
export function EntryStatus({
  entry,
  retry,
}: {
  entry: EntryView | null;
  retry: { to: string; label: string } | null;
}) {
  if (!entry)
    return (
      <p>
        <Badge tone="muted">未认证</Badge> {retry && <Link to={retry.to}>{retry.label}</Link>}
      </p>
    );
  return (
    <div data-testid={`verification-${entry.kind}`}>
      <p>
        <Badge tone={TONE[entry.state]}>{entry.statusText}</Badge>{" "}
        <Muted>
          {entry.methodText} · 提交于 {formatDateTime(entry.createdAt)}
        </Muted>
      </p>
      {(entry.state === "pending" || entry.state === "verified") && entry.masked && <p>{entry.masked}</p>}
      {entry.state === "pending" &&
        (entry.reviewed ? (
          <p>审核中：已提交人工审核，通常需要1–3个工作日，结果将以站内信通知。</p>
        ) : (
          <p>认证信息核验中，请稍后刷新查看结果。</p>
        ))}
      {entry.state === "expired" && (
        <p>
          认证已于 {entry.expiresAt ? formatDateTime(entry.expiresAt) : "毕业时"} 到期。
          {retry && (
            <>
              {" "}
              <Link to={retry.to}>重新认证</Link>
            </>
          )}
        </p>
      )}
      {entry.state === "rejected" && (
        <p>
          未通过原因：{entry.reason}。请核对信息后重新认证。
          {retry && (
            <>
              {" "}
              <Link to={retry.to}>重新认证</Link>
            </>
          )}
        </p>
      )}
    </div>
  );
}
