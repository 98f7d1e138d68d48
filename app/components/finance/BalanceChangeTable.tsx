import { Link } from "@remix-run/react";
import type { BalanceChangeWire } from "~/upstream/finance.server";
import { formatDateTime } from "~/utils/format";
import { ledgerReferencePath } from "~/utils/console-paths";
import { ENTRY_KIND_NAMES, WALLET_NAMES } from "../../../platform/rules/finance";
import { formatWireMoney } from "../../../platform/rules/money";
import { Table } from "../ui/layout";
import { styled } from "../ui/stitches.config";
import { TableScroll } from "../ui/TableScroll";

const Amount = styled("td", {
  fontVariantNumeric: "tabular-nums",
  variants: { sign: { in: { color: "$successText" }, out: { color: "$priceText" } } },
});

/** How a settlement or package charge was computed: long, so it wraps in a narrower, smaller cell. */
const Explanation = styled("td", { fontSize: "$sm", minWidth: 220, maxWidth: 360, whiteSpace: "normal" });

/** What an entry refers to, in words, linked when it is one of the caller's own (the platform decides). */
function Reference({ entry }: { entry: BalanceChangeWire }) {
  const to = ledgerReferencePath(entry.Reference, entry.CreatedAt);
  return to ? <Link to={to}>{entry.Reference.Label}</Link> : <>{entry.Reference.Label}</>;
}

/**
 * Ledger entries: time, kind, wallet, signed amount, the cash and voucher
 * balances after it (one column each), reference, note and how it was computed.
 */
export function BalanceChangeTable({ entries }: { entries: BalanceChangeWire[] }) {
  return (
    <TableScroll label="收支明细" minWidth={1240}>
      <Table data-testid="balance-change-list">
        <caption className="visually-hidden">收支明细</caption>
        <thead>
          <tr>
            <th scope="col">时间</th>
            <th scope="col">类型</th>
            <th scope="col">账户</th>
            <th scope="col">金额</th>
            <th scope="col">变动后余额</th>
            <th scope="col">变动后算力券</th>
            <th scope="col">关联</th>
            <th scope="col">备注</th>
            <th scope="col">计费说明</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.Id}>
              <td>{formatDateTime(e.CreatedAt)}</td>
              <td>{ENTRY_KIND_NAMES[e.Kind]}</td>
              <td>{WALLET_NAMES[e.Wallet]}</td>
              <Amount sign={e.Amount.startsWith("-") ? "out" : "in"}>
                {e.Amount.startsWith("-") ? formatWireMoney(e.Amount) : `+${formatWireMoney(e.Amount)}`}
              </Amount>
              <td>{formatWireMoney(e.CashAfter)}</td>
              <td>{formatWireMoney(e.VoucherAfter)}</td>
              <td data-wrap>
                <Reference entry={e} />
              </td>
              <td data-wrap>{e.Note ?? ""}</td>
              <Explanation data-wrap>{e.Explanation ?? ""}</Explanation>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
