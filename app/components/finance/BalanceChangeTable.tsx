import type { BalanceChangeWire } from "~/upstream/finance.server";
import { formatDateTime } from "~/utils/format";
import { ENTRY_KIND_NAMES, WALLET_NAMES } from "../../../platform/rules/finance";
import { Table } from "../ui/layout";
import { styled } from "../ui/stitches.config";
import { TableScroll } from "../ui/TableScroll";

const Amount = styled("td", {
  fontVariantNumeric: "tabular-nums",
  variants: { sign: { in: { color: "$successText" }, out: { color: "$priceText" } } },
});

/** How a settlement or package charge was computed: long, so it wraps in a narrower, smaller cell. */
const Explanation = styled("td", { fontSize: "$sm", minWidth: 220, maxWidth: 360, whiteSpace: "normal" });

/** Ledger entries: time, kind, wallet, signed amount, balance after, reference, note and how it was computed. */
export function BalanceChangeTable({ entries }: { entries: BalanceChangeWire[] }) {
  return (
    <TableScroll label="收支明细" minWidth={1140}>
      <Table data-testid="balance-change-list">
        <caption className="visually-hidden">收支明细</caption>
        <thead>
          <tr>
            <th scope="col">时间</th>
            <th scope="col">类型</th>
            <th scope="col">账户</th>
            <th scope="col">金额（元）</th>
            <th scope="col">变动后余额（元）</th>
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
                {e.Amount.startsWith("-") ? e.Amount : `+${e.Amount}`}
              </Amount>
              <td>{e.BalanceAfter}</td>
              <td>{e.RefersTo}</td>
              <td data-wrap>{e.Note ?? ""}</td>
              <Explanation data-wrap>{e.Explanation ?? ""}</Explanation>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
