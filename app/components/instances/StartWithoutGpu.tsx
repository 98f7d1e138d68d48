import { Form, Link } from "@remix-run/react";
import type { NoGpuPreviewWire } from "~/upstream/host.server";
import { instancePath, startWithoutGpuPath } from "~/utils/console-paths";
import { survivalRow } from "../../../platform/rules/instance-survival";
import { formatWireMoney } from "../../../platform/rules/money";
import { Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { SurvivalFacts } from "./Survival";

/**
 * The start without GPU's confirmation (the second ask after a link): the
 * price per hour, the limits, what survives (its survival row), and that
 * stopping ends it. It posts the start; a second click finds it starting.
 */
export function StartWithoutGpuConfirm({ preview }: { preview: NoGpuPreviewWire }) {
  const { Instance: instance } = preview;
  return (
    <Form method="post" action={startWithoutGpuPath(instance.InstanceUuid)}>
      <input type="hidden" name="instance_uuid" value={instance.InstanceUuid} />
      <p data-testid="no-gpu-summary">
        以无卡模式开机实例「{instance.Name}」：不占用 GPU（主机 {instance.HostName} 空闲 {instance.HostGpuFree}/
        {instance.HostGpuTotal} 不影响），按 <strong>{formatWireMoney(preview.HourlyPrice)}/时</strong>{" "}
        按秒计费、整点扣费，不享受会员折扣。
      </p>
      <p>
        CPU 限 {preview.CpuCores} 核、内存限 {preview.MemoryGb} GB，GPU 程序无法运行，适合拷贝数据、查看文件。
        关机即结束无卡模式；下次正常开机需主机有空闲 GPU。
      </p>
      <SurvivalFacts row={survivalRow("start_without_gpu")} />
      <Row>
        <StatusButton intent="start_without_gpu" variant="primary" pendingText="开机中…">
          确认无卡模式开机
        </StatusButton>
        <Link to={instancePath(instance.InstanceUuid)}>返回实例</Link>
      </Row>
    </Form>
  );
}
