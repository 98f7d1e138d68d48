import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { FieldError } from "~/components/ui/Field";
import { Badge, Muted, Panel, PanelTitle, Row, Table } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { TableScroll } from "~/components/ui/TableScroll";
import { cancelBareMetalReservation, getBareMetalReservations } from "~/upstream/market.server";
import { formAction } from "~/utils/action.server";
import { formatDateTime } from "~/utils/format";
import { storePath } from "~/utils/paths";
import { requireUser, requireUserWith } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { RESERVATION_STATUS_TEXT } from "../../platform/rules/reservation-limits";

const RESERVATIONS_PATH = "/console/reservations";
const ASKING = "cancel";

export const meta: MetaFunction = () => [{ title: "裸金属预约 · 算力云" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { loaded } = await requireUserWith(request, getBareMetalReservations);
    // `?cancel=<id>` asks before cancelling (a link, so it works without JavaScript).
    const asked = Number(new URL(request.url).searchParams.get(ASKING));
    return { reservations: loaded, asking: Number.isSafeInteger(asked) && asked > 0 ? asked : null };
  });
}

const CancelFields = z.object({
  reservation_id: z.coerce
    .number({ invalid_type_error: "预约编号不正确" })
    .int("预约编号不正确")
    .positive("预约编号不正确"),
});

/** Cancels a pending reservation of the caller's, after the row asked. */
export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => ({
      cancel: intent(CancelFields, async ({ reservation_id }, { guard }) => {
        await cancelBareMetalReservation(guard.token, reservation_id);
        return redirectWithToast(RESERVATIONS_PATH, { type: "success", message: "预约已取消" });
      }),
    }),
  });
}

const TONE = { pending: "gold", confirmed: "primary", cancelled: "muted" } as const;

/** The caller's bare-metal reservations (a sub-account's own), newest first, with their status in Chinese. */
export default function ReservationsPage() {
  const { reservations, asking } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refusal = result?.fieldErrors.reservation_id ?? result?.formError ?? null;
  return (
    <>
      <h1>裸金属预约</h1>
      <Panel>
        <PanelTitle>我的预约</PanelTitle>
        {refusal && (
          <FieldError role="alert" data-testid="reservation-refusal">
            {refusal}
          </FieldError>
        )}
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
                  <th>操作</th>
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
                    <td data-wrap>
                      {r.Status !== "pending" ? (
                        <Muted>—</Muted>
                      ) : asking === r.Id ? (
                        <CancelQuestion id={r.Id} />
                      ) : (
                        <Link to={`${RESERVATIONS_PATH}?${ASKING}=${r.Id}`}>取消预约</Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
        <p>
          <Muted>
            提交后客服会在 1 个工作日内与您联系，确认配置与交付时间；确认后状态变为“已确认”，并发送站内消息。
            待确认的预约可以取消。
          </Muted>
        </p>
      </Panel>
    </>
  );
}

/** The second ask, in the row: cancel this reservation, or keep it. */
function CancelQuestion({ id }: { id: number }) {
  return (
    <Form method="post" action={RESERVATIONS_PATH} data-testid="reservation-cancel">
      <input type="hidden" name="reservation_id" value={id} />
      <p>确认取消此预约？取消后不能恢复，如需要请重新提交。</p>
      <Row>
        <StatusButton intent="cancel" variant="danger" pendingText="取消中…">
          确认取消
        </StatusButton>
        <Link to={RESERVATIONS_PATH}>不取消</Link>
      </Row>
    </Form>
  );
}
