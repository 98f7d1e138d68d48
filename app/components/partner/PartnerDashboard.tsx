import { Link } from "@remix-run/react";
import { CopyButton } from "~/components/ui/CopyButton";
import { Panel, PanelTitle } from "~/components/ui/layout";
import { TableScroll } from "~/components/ui/TableScroll";
import type { PartnerDashboardWire } from "~/upstream/partner.server";
import { formatDate } from "~/utils/format";
import { formatWireMoney } from "../../../platform/rules/money";

/** A partner's dashboard: the referral link, code and QR, this month's spending and tier, totals, referred users. */
export function PartnerDashboard({
  dashboard,
  link,
  qr,
}: {
  dashboard: PartnerDashboardWire;
  link: string;
  qr: string;
}) {
  const s = dashboard.Summary;
  return (
    <>
      <Panel>
        <PanelTitle>我的推广</PanelTitle>
        <p>
          推广链接 <code data-testid="referral-link">{link}</code>{" "}
          <CopyButton text={link} label="复制" name="复制推广链接" />
        </p>
        <p>
          推广码 <strong data-testid="referral-code">{dashboard.Code}</strong>
        </p>
        {/* The library's own SVG markup, drawn on the server (app/utils/qr-svg.server.ts). */}
        <div aria-label="推广二维码" role="img" style={{ width: 160 }} dangerouslySetInnerHTML={{ __html: qr }} />
      </Panel>
      <Panel>
        <PanelTitle>本月业绩</PanelTitle>
        <p>
          本月推广用户现金消费 <strong data-testid="month-spend">{formatWireMoney(s.MonthSpend)}</strong>，当前佣金比例{" "}
          <strong data-testid="month-rate">{s.MonthRateBp / 100}%</strong>
        </p>
        <p>
          待结算佣金 <strong data-testid="dashboard-pending">{formatWireMoney(s.Pending)}</strong>，已结算{" "}
          {formatWireMoney(s.Settled)}，可提现 {formatWireMoney(s.Available)}。
          <Link to="/console/income">查看收益</Link>
        </p>
      </Panel>
      <Panel>
        <PanelTitle>推广用户</PanelTitle>
        {dashboard.Referred.length === 0 ? (
          <p>暂无推广用户</p>
        ) : (
          <TableScroll label="推广用户" minWidth={420}>
            <table data-testid="referred-users">
              <thead>
                <tr>
                  <th>手机号</th>
                  <th>注册日期</th>
                  <th>佣金有效期至</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.Referred.map((r, i) => (
                  <tr key={i}>
                    <td>{r.Phone}</td>
                    <td>{formatDate(r.RegisteredAt)}</td>
                    <td>{formatDate(r.ActiveUntil)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Panel>
    </>
  );
}
