import { z } from "zod";
import { getInstanceLog, INSTANCE_LOG_FILTERS, type InstanceLogFilterWire } from "~/upstream/timeline.server";
import { pageNumber } from "./page-number";

const Query = z.object({
  log_kind: z.string().optional(),
  log_page: pageNumber(),
});

/**
 * The instance page's log panel from its URL (`log_kind`, `log_page`): a kind
 * it does not know is answered with the whole log and an error next to the
 * select, never a failed page.
 */
export async function loadInstanceLog(token: string, uuid: string, searchParams: URLSearchParams) {
  const query = Query.parse({
    log_kind: searchParams.get("log_kind") ?? undefined,
    log_page: searchParams.get("log_page") ?? undefined,
  });
  const asked = query.log_kind ?? "";
  const known = asked === "" || (INSTANCE_LOG_FILTERS as readonly string[]).includes(asked);
  const kind = (known && asked !== "" ? asked : "all") as InstanceLogFilterWire;
  const page = await getInstanceLog(token, uuid, kind, query.log_page);
  return { page, kind: kind === "all" ? "" : kind, kindError: known ? null : "日志类型不正确，已显示全部日志" };
}

export type InstanceLogPanelData = Awaited<ReturnType<typeof loadInstanceLog>>;
