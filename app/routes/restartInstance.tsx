import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FieldError } from "~/components/ui/Field";
import { Page, Panel, Row } from "~/components/ui/layout";
import { StatusButton } from "~/components/ui/StatusButton";
import { styled } from "~/components/ui/stitches.config";
import { getInstanceDetail } from "~/upstream/instances.server";
import { formAction } from "~/utils/action.server";
import { instanceIntents } from "~/utils/instance-actions.server";
import { BILLING_LABELS, MACHINE_TYPE_LABELS, STATE_LABELS } from "~/utils/instance-text";
import { gpuNoticePath, instancePath } from "~/utils/console-paths";
import { hostFullOffers } from "~/utils/host-full-offer";
import { restartAction, restartRefusal, restartTarget } from "~/utils/restart-instance";
import { requireUser } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";

export const meta: MetaFunction = () => [{ title: "重启实例 · 算力云" }];

/**
 * Restarts an instance from a link (`?uuid=`, issue 36 §2), or starts it when
 * it is stopped (the GPU free notice's link, decision 092): a visitor goes to
 * /login and back here; GET only shows the instance and asks, the restart or
 * start is the POST (the console's own actions; a start refused for a full
 * host offers the GPU free notice again); another user's instance is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    const uuid = restartTarget(new URL(request.url).searchParams);
    if (!uuid) throw new Response("实例不存在", { status: 404 });
    const i = await getInstanceDetail(token, uuid);
    return {
      uuid: i.InstanceUuid,
      name: i.Name,
      what: `${MACHINE_TYPE_LABELS[i.MachineType]} · ${i.RegionName} · ${i.GpuName} × ${i.GpuCount}`,
      billing: BILLING_LABELS[i.BillingMode],
      state: STATE_LABELS[i.State],
      does: restartAction(i),
      refusal: restartRefusal(i),
    };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return formAction(request, {
    guard: requireUser,
    intents: (intent) => {
      const { restart, start } = instanceIntents(intent, instancePath);
      return { restart, start };
    },
  });
}

const Facts = styled("dl", {
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "$2 $5",
  margin: "0 0 $4",
  dt: { color: "$mutedText" },
  dd: { margin: 0 },
});

export default function RestartInstancePage() {
  const { uuid, name, what, billing, state, does, refusal } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const back = <Link to={instancePath(uuid)}>查看实例</Link>;
  const error = result ? (result.formError ?? Object.values(result.fieldErrors)[0] ?? null) : null;
  return (
    <Page>
      <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>{does === "start" ? "开机" : "重启实例"}</h1>
      <Panel>
        <Facts aria-label="实例信息">
          <dt>实例名称</dt>
          <dd>{name}</dd>
          <dt>配置</dt>
          <dd>{what}</dd>
          <dt>计费方式</dt>
          <dd>{billing}</dd>
          <dt>状态</dt>
          <dd data-testid="restart-state">{state}</dd>
        </Facts>
        {error && (
          <FieldError role="alert" data-testid="restart-error">
            {error}
            {hostFullOffers(result, uuid) && (
              <>
                {" "}
                <Link to={gpuNoticePath(uuid)}>空闲时通知我</Link>
              </>
            )}
          </FieldError>
        )}
        {refusal ? (
          <p data-testid="restart-refusal">
            {refusal}
            {back}
          </p>
        ) : (
          <Form method="post">
            {does === "start" ? (
              <p>开机后按实例的计费方式计费（按量计费需余额足够支付一小时）。确定开机实例「{name}」吗？</p>
            ) : (
              <p>重启会中断实例中正在运行的进程，系统盘和数据盘的数据保留。确定重启实例「{name}」吗？</p>
            )}
            <input type="hidden" name="instance_uuid" value={uuid} />
            <Row>
              {does === "start" ? (
                <StatusButton intent="start" pendingText="开机中…">
                  确认开机
                </StatusButton>
              ) : (
                <StatusButton intent="restart" pendingText="重启中…">
                  确认重启
                </StatusButton>
              )}
              {back}
            </Row>
          </Form>
        )}
      </Panel>
    </Page>
  );
}
