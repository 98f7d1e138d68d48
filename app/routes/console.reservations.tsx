import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge, Muted, Panel, PanelTitle, Table } from "~/components/ui/layout";
import { TableScroll } from "~/components/ui/TableScroll";
import { getBareMetalReservations } from "~/upstream/market.server";
import { formatDateTime } from "~/utils/format";
import { storePath } from "~/utils/paths";
import { requireUserWith } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { RESERVATION_STATUS_TEXT } from "../../platform/rules/reservation-limits";

export const meta: MetaFunction = () => [{ title: "裸金属预约 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { loaded } = await requireUserWith(request, getBareMetalReservations);
    return { reservations: loaded };
  });
}

const TONE = { pending: "gold", contacted: "primary", fulfilled: "primary", cancelled: "muted" } as const;

/** The caller's bare-metal reservations (a sub-account's own), newest first, with their status in Chinese. */
export default function ReservationsPage() {
  const { reservations } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>裸金属预约</h1>
      <Panel>
        <PanelTitle>我的预约</PanelTitle>
        {reservations.length === 0 ? (
          <p>
            暂无预约。<Link to={storePath({ type: "bare_metal" })}>去算力市场预约裸金属服务器 →</Link>
          </p>
        ) : (
          <TableScroll label="我的预约" minWidth={760}>
            <Table data-testid="reservations">
              <thead>
                <tr>
                  <th>提交时间</th>
                  <th>地区</th>
                  <th>GPU型号</th>
                  <th>台数</th>
                  <th>时长</th>
                  <th>联系人</th>
                  <th>备注</th>
                  <th>状态</th>
                </tr>
              </thead>
              <tbody>
                {reservations.map((r) => (
                  <tr key={r.Id} data-testid="reservation">
                    <td>{formatDateTime(new Date(r.CreatedAt * 1000).toISOString())}</td>
                    <td>{r.Region.Name}</td>
                    <td>{r.Gpu.Name}</td>
                    <td>{r.Machines} 台</td>
                    <td>{r.Months} 个月</td>
                    <td data-wrap>
                      {r.ContactName} <Muted>{r.ContactPhone}</Muted>
                    </td>
                    <td data-wrap>{r.Note || <Muted>—</Muted>}</td>
                    <td>
                      <Badge tone={TONE[r.Status]}>{RESERVATION_STATUS_TEXT[r.Status]}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
        <p>
          <Muted>提交后客服会在 1 个工作日内与您联系，确认配置与交付时间。</Muted>
        </p>
      </Panel>
    </>
  );
}
