import { Link } from "@remix-run/react";
import {
  VERIFICATION_METHOD_LABELS,
  VERIFICATION_STATUS_LABELS,
  type VerificationWire,
} from "~/upstream/verification.server";
import { Badge, Muted } from "../ui/layout";
import { formatDateTime } from "~/utils/format";

const TONE = { pending: "warn", verified: "success", rejected: "muted" } as const;

/**
 * Where one kind of verification stands: not started, pending, verified (with the masked values) or rejected
 * (with the reason and how to try again, `retry`).
 */
export function EntryStatus({
  entry,
  retry,
}: {
  entry: VerificationWire | null;
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
        <Badge tone={TONE[entry.state]}>{VERIFICATION_STATUS_LABELS[entry.state]}</Badge>{" "}
        <Muted>
          {VERIFICATION_METHOD_LABELS[entry.method]} · 提交于 {formatDateTime(entry.created_at)}
        </Muted>
      </p>
      {entry.state === "verified" && (
        <p>
          {[entry.name, entry.id_number, entry.card_number && `银行卡 ${entry.card_number}`].filter(Boolean).join("　")}
        </p>
      )}
      {entry.state === "pending" && <p>认证信息核验中，请稍后刷新查看结果。</p>}
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
