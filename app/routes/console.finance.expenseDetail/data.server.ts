import { getBalanceChanges, getDailySpending } from "~/upstream/finance.server";
import { chartRange, expenseQuery } from "~/utils/finance-query";
import { formatMoney, yuanToFen } from "../../../platform/rules/money";

import { EXPENSE_PAGE_SIZE as PAGE_SIZE } from "~/utils/finance-query";

/**
 * What the expense detail shows: the filtered entries, one page of them, and the
 * spending chart's days (numbers to draw with), range and total.
 */
export async function expenseDetailData(token: string, url: URL, now: Date) {
  const query = expenseQuery(url);
  const filters = { kind: query.kind, start_date: query.start_date, end_date: query.end_date };
  const range = chartRange(query, now);
  const valid = Object.keys(query.errors).length === 0;
  const [list, spending] = await Promise.all([
    valid ? getBalanceChanges(token, { ...filters, page: query.page, page_size: PAGE_SIZE }) : null,
    getDailySpending(token, range.from, range.to),
  ]);
  const totalFen = spending.days.reduce((sum, d) => sum + yuanToFen(d.Cash) + yuanToFen(d.Voucher), 0);
  return {
    query,
    list,
    chart: {
      ...range,
      total: formatMoney(totalFen),
      days: spending.days.map((d) => ({ date: d.Date, cash: Number(d.Cash), voucher: Number(d.Voucher) })),
    },
  };
}
