import { stringify } from "csv-stringify/sync";
import type { BalanceChangeWire } from "~/upstream/finance.server";
import { ENTRY_KIND_NAMES, WALLET_NAMES } from "../../platform/rules/finance";
import { formatDateTime } from "./format";

const COLUMNS = [
  { key: "time", header: "时间" },
  { key: "kind", header: "类型" },
  { key: "wallet", header: "账户" },
  { key: "amount", header: "金额（元）" },
  { key: "cash", header: "变动后余额（元）" },
  { key: "voucher", header: "变动后算力券（元）" },
  { key: "refers", header: "关联" },
  { key: "note", header: "备注" },
  { key: "explanation", header: "计费说明" },
];

/**
 * Ledger entries as CSV for Excel, the same columns as the page (the cash and
 * voucher balances after each entry, what it refers to in words): UTF-8 with a BOM (Excel reads it as UTF-8,
 * so the Chinese stays intact), a header row in Chinese, amounts with two
 * decimals (negative ones stay numbers), and text cells that start with
 * = + - @ prefixed with ', so a note can never become a formula (csv-stringify's
 * escape_formulas would also turn "-12.34" into text). Built by csv-stringify,
 * which quotes what needs quoting.
 */
export function balanceChangesCsv(entries: BalanceChangeWire[]): string {
  return stringify(
    entries.map((e) => ({
      time: formatDateTime(e.CreatedAt),
      kind: ENTRY_KIND_NAMES[e.Kind],
      wallet: WALLET_NAMES[e.Wallet],
      amount: e.Amount,
      cash: e.CashAfter,
      voucher: e.VoucherAfter,
      refers: textCell(e.Reference.Label),
      note: textCell(e.Note ?? ""),
      explanation: textCell(e.Explanation ?? ""),
    })),
    { bom: true, header: true, columns: COLUMNS, record_delimiter: "windows" },
  );
}

/** Text a spreadsheet would read as a formula gets a leading ' (OWASP's advice on CSV injection). */
const textCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** A Content-Disposition naming the file in Chinese (RFC 6266 filename*), with an ASCII fallback. */
export function csvFileName(title: string, date: string): string {
  const ascii = `expense-detail-${date}.csv`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(`${title}-${date}.csv`)}`;
}
