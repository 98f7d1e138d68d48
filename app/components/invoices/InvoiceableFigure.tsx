import { Link } from "@remix-run/react";
import type { InvoiceableWire } from "~/upstream/invoices.server";
import { SELECT_VERIFICATION_PATH } from "~/utils/console-paths";
import { formatWireMoney } from "../../../platform/rules/money";
import { Muted, Panel, PanelTitle } from "../ui/layout";

/** 可开票金额 and how it is made: each term, so a renter sees why it is what it is (decision 112). */
export function InvoiceableFigure({ figure }: { figure: InvoiceableWire }) {
  return (
    <Panel aria-labelledby="invoiceable-title">
      <PanelTitle id="invoiceable-title">可开票金额</PanelTitle>
      <p>
        <strong data-testid="invoiceable" style={{ fontSize: 24 }}>
          {formatWireMoney(figure.Invoiceable)}
        </strong>
      </p>
      <dl
        data-testid="invoiceable-terms"
        style={{ display: "grid", gridTemplateColumns: "max-content auto", gap: "4px 16px" }}
      >
        <dt>现金充值</dt>
        <dd>{formatWireMoney(figure.PaidIn)}</dd>
        <dt>减：已提现（含审核中）</dt>
        <dd>{formatWireMoney(figure.Withdrawn)}</dd>
        <dt>减：已开票（含申请中、红冲申请中）</dt>
        <dd>{formatWireMoney(figure.Invoiced)}</dd>
        <dt>可开票金额</dt>
        <dd>{formatWireMoney(figure.Invoiceable)}</dd>
      </dl>
      <p>
        <Muted>只有现金充值可以开票；算力券、优惠券、授信额度不可开票。已驳回或已红冲的发票金额可重新开票。</Muted>
      </p>
      {figure.Kinds.length === 0 && (
        <p role="note" data-testid="invoice-needs-verification">
          完成实名认证后才能申请发票（个人认证可开电子普通发票，企业认证还可开增值税专用发票）。
          <Link to={SELECT_VERIFICATION_PATH} prefetch="intent">
            去实名认证
          </Link>
        </p>
      )}
    </Panel>
  );
}
