import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBalanceChangeExport } from "~/upstream/finance.server";
import { balanceChangesCsv, csvFileName } from "~/utils/finance-csv.server";
import { expenseQuery, withQuery } from "~/utils/finance-query";
import { requireMainAccount } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { shanghaiDate } from "../../platform/rules/finance";

const PAGE = "/console/finance/expenseDetail";

/**
 * The expense detail's filtered entries as CSV (UTF-8 with BOM, so Excel reads
 * the Chinese): at most 10,000 rows and 366 days; beyond, back to the page
 * with a message saying so.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, "子账号无权查看财务记录");
    const query = expenseQuery(new URL(request.url));
    const back = withQuery(PAGE, query.values);
    const firstError = Object.values(query.errors)[0];
    if (firstError) return redirectWithToast(back, { type: "error", message: `无法导出：${firstError}` });
    const exported = await getBalanceChangeExport(token, {
      kind: query.kind,
      start_date: query.start_date,
      end_date: query.end_date,
    });
    if (exported.too_many)
      return redirectWithToast(back, {
        type: "error",
        message: `导出记录超过${exported.limit}条，请缩小日期范围后分批导出`,
      });
    return new Response(balanceChangesCsv(exported.list), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": csvFileName("收支明细", shanghaiDate(new Date())),
        "Cache-Control": "private, no-store",
      },
    });
  });
}
