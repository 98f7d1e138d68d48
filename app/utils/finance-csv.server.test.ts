import { describe, expect, it } from "vitest";
import type { BalanceChangeWire } from "~/upstream/finance.server";
import { balanceChangesCsv, csvFileName } from "./finance-csv.server";

/** RFC 4180 read back by hand: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const entry = (over: Partial<BalanceChangeWire>): BalanceChangeWire => ({
  Id: 1,
  Kind: "top_up",
  Wallet: "cash",
  Amount: "100.00",
  BalanceAfter: "100.00",
  CashAfter: "100.00",
  VoucherAfter: "0.00",
  Reference: { Kind: "recharge_order", Label: "充值订单 R1", Target: "R1" },
  Note: null,
  CreatedAt: "2026-11-01T16:30:00.000Z",
  Explanation: null,
  ...over,
});

describe("balanceChangesCsv", () => {
  const entries = [
    entry({
      Id: 3,
      Kind: "withdrawal",
      Amount: "-50.00",
      BalanceAfter: "60.05",
      CashAfter: "60.05",
      VoucherAfter: "9.95",
      Reference: { Kind: "withdrawal", Label: "提现申请 #7", Target: "7" },
      Note: '提现驳回退回：户名"不符", 请核对\n第二行',
    }),
    entry({
      Id: 2,
      Kind: "purchase",
      Wallet: "voucher",
      Amount: "-0.05",
      BalanceAfter: "9.95",
      CashAfter: "110.05",
      VoucherAfter: "9.95",
      Reference: { Kind: "instance", Label: "实例 训练机", Target: "i-9" },
      Note: '=HYPERLINK("http://x")',
      Explanation: "3600 秒 × 1 卡 × ¥0.05/卡·时 = ¥0.05；算力券 ¥0.05，余额 ¥0.00",
    }),
    entry({ Id: 1 }),
  ];
  const csv = balanceChangesCsv(entries);

  it("starts with the UTF-8 BOM, so Excel reads the Chinese", () => {
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it("has a Chinese header row and one row per entry, read back intact", () => {
    const rows = parseCsv(csv.slice(1).trimEnd());
    expect(rows[0]).toEqual([
      "时间",
      "类型",
      "账户",
      "金额（元）",
      "变动后余额（元）",
      "变动后算力券（元）",
      "关联",
      "备注",
      "计费说明",
    ]);
    expect(rows).toHaveLength(1 + entries.length);
    expect(rows[1]).toEqual([
      "2026-11-02 00:30",
      "提现",
      "余额",
      "-50.00",
      "60.05",
      "9.95",
      "提现申请 #7",
      '提现驳回退回：户名"不符", 请核对\n第二行',
      "",
    ]);
    expect(rows[2]).toEqual([
      "2026-11-02 00:30",
      "消费",
      "算力券",
      "-0.05",
      "110.05",
      "9.95",
      "实例 训练机",
      '\'=HYPERLINK("http://x")',
      "3600 秒 × 1 卡 × ¥0.05/卡·时 = ¥0.05；算力券 ¥0.05，余额 ¥0.00",
    ]);
    expect(rows[3]).toEqual(["2026-11-02 00:30", "充值", "余额", "100.00", "100.00", "0.00", "充值订单 R1", "", ""]);
    for (const row of rows.slice(1)) expect(row[3]).toMatch(/^-?\d+\.\d{2}$/);
  });

  it("names the file in Chinese with an ASCII fallback", () => {
    expect(csvFileName("收支明细", "2026-11-23")).toBe(
      `attachment; filename="expense-detail-2026-11-23.csv"; filename*=UTF-8''${encodeURIComponent("收支明细-2026-11-23.csv")}`,
    );
  });
});
