import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { renderSpendingChart } from "~/components/finance/spending-chart.server";
import { getDailySpending } from "~/upstream/finance.server";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { daysInRange, MAX_RANGE_DAYS, shanghaiDayStart } from "../../platform/rules/finance";

const day = z.string().refine((v) => shanghaiDayStart(v) !== null);
const Range = z
  .object({ from: day, to: day })
  .refine(({ from, to }) => from <= to && daysInRange(from, to) <= MAX_RANGE_DAYS);

/**
 * The expense detail's spending chart as an SVG image (`<img>` on the page), so
 * the drawing travels once, outside the document and its loader data, and is
 * drawn off the document's path. Always fresh: the caller's own spending.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, "子账号无权查看财务记录");
    const range = Range.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!range.success) return new Response("日期范围不正确", { status: 400, headers: TEXT_HEADERS });
    const spending = await getDailySpending(token, range.data.from, range.data.to);
    return new Response(renderSpendingChart(spending.days), {
      headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  });
}

const TEXT_HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" };
