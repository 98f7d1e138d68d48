import type { InstanceLogPanelData } from "~/utils/instance-log.server";
import { instanceLogPath } from "~/utils/console-paths";
import { formatDateTime } from "~/utils/format";
import { LOG_ACTOR_LABELS, LOG_FILTER_OPTIONS, LOG_KIND_LABELS } from "~/utils/instance-log-text";
import { FilterForm, SelectFilter } from "../finance/FilterForm";
import { Muted, Table } from "../ui/layout";
import { Pagination } from "../ui/Pagination";
import { TableScroll } from "../ui/TableScroll";
import { formatWireMoney } from "../../../platform/rules/money";

/**
 * The instance's log (issue 36 §2): its events and charges, newest first, a
 * GET filter by kind and page links, so it works without JavaScript.
 */
export function InstanceLog({ uuid, log }: { uuid: string; log: InstanceLogPanelData }) {
  const { page } = log;
  return (
    <>
      <FilterForm label="筛选实例日志" resetTo={instanceLogPath(uuid, "", 1)}>
        <SelectFilter
          label="日志类型"
          name="log_kind"
          value={log.kind}
          options={LOG_FILTER_OPTIONS}
          error={log.kindError ?? undefined}
        />
      </FilterForm>
      {page.list.length === 0 ? (
        <Muted data-testid="instance-log-empty">{page.page > 1 ? "没有更多日志" : "暂无日志"}</Muted>
      ) : (
        <TableScroll label="实例日志" minWidth={720}>
          <Table data-testid="instance-log">
            <thead>
              <tr>
                <th>时间</th>
                <th>类型</th>
                <th>操作者</th>
                <th>内容</th>
                <th>金额</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((item, index) => (
                <tr key={`${item.At}-${item.Kind}-${index}`} data-kind={item.Kind}>
                  <td>{formatDateTime(item.At)}</td>
                  <td>{LOG_KIND_LABELS[item.Kind]}</td>
                  <td>{LOG_ACTOR_LABELS[item.Actor]}</td>
                  <td data-wrap>{item.Text}</td>
                  <td>{item.Amount === null ? "—" : formatWireMoney(item.Amount)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <Pagination
        page={page.page}
        pageSize={page.page_size}
        total={page.total}
        hrefFor={(p) => instanceLogPath(uuid, log.kind, p)}
      />
    </>
  );
}
