import { Form, Link } from "@remix-run/react";
import type { MigrateTargetWire } from "~/upstream/host.server";
import type { InstanceWire } from "~/upstream/instances.server";
import { instancePath, migrateInstancePath } from "~/utils/console-paths";
import { survivalRow } from "../../../platform/rules/instance-survival";
import { formatWireMoney } from "../../../platform/rules/money";
import { FieldError } from "../ui/Field";
import { Muted, Row, Stack } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { SurvivalFacts } from "./Survival";

/** What the move does to the GPUs and the bill: a package keeps holding them, an hourly instance starts (decision 086). */
function WhatHappens({ instance, startsAfter }: { instance: InstanceWire; startsAfter: boolean }) {
  return startsAfter ? (
    <p data-testid="migrate-starts">
      按量计费实例关机后不占用 GPU：迁移会在新主机上占用 {instance.GpuCount} 张 GPU 并<strong>立即开机</strong>，
      从开机起按 {formatWireMoney(instance.HourlyPrice)}/时 计费。迁移本身不收费。
    </p>
  ) : (
    <p data-testid="migrate-keeps">
      套餐占用的 {instance.GpuCount} 张 GPU 从原主机转到新主机，实例保持关机，套餐到期时间不变。迁移本身不收费。
    </p>
  );
}

/**
 * The migration's confirmation (the second ask after the instance page's
 * link): the hosts with room, the platform's pick by default, what survives a
 * migration (its survival row) and what happens to the GPUs and the bill. It
 * posts with the key the page rendered, so a second submission moves nothing.
 */
export function MigrateConfirm({
  instance,
  targets,
  startsAfter,
  operationKey,
  error,
}: {
  instance: InstanceWire;
  targets: MigrateTargetWire[];
  startsAfter: boolean;
  operationKey: string;
  error: string | null;
}) {
  return (
    <Form method="post" action={migrateInstancePath(instance.InstanceUuid)}>
      <input type="hidden" name="instance_uuid" value={instance.InstanceUuid} />
      <input type="hidden" name="operation_key" value={operationKey} />
      <p>
        将实例「{instance.Name}」（{instance.GpuName} × {instance.GpuCount}）从主机 {instance.HostName}{" "}
        迁移到同地区、同型号、有空闲 GPU 的主机。选择目标主机：
      </p>
      <Stack as="fieldset" css={{ border: 0, padding: 0, margin: "0 0 $3" }} data-testid="migrate-targets">
        <legend className="visually-hidden">目标主机</legend>
        <label>
          <input type="radio" name="target_host_id" value="" defaultChecked /> 由平台选择
        </label>
        {targets.map((h) => (
          <label key={h.HostId}>
            <input type="radio" name="target_host_id" value={h.HostId} /> {h.HostName}{" "}
            <Muted>
              空闲 {h.GpuFree}/{h.GpuTotal}
            </Muted>
          </label>
        ))}
      </Stack>
      {error && (
        <FieldError role="alert" id="target_host_id-error">
          {error}
        </FieldError>
      )}
      <WhatHappens instance={instance} startsAfter={startsAfter} />
      <SurvivalFacts row={survivalRow("migration")} />
      <Row>
        <StatusButton intent="migrate" variant="primary" pendingText="迁移中…">
          {startsAfter ? "确认迁移并开机" : "确认迁移"}
        </StatusButton>
        <Link to={instancePath(instance.InstanceUuid)}>返回实例</Link>
      </Row>
    </Form>
  );
}
