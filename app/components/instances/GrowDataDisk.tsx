import { Form, Link } from "@remix-run/react";
import type { InstanceWire } from "~/upstream/instances.server";
import type { DiskOptionWire } from "~/upstream/resize.server";
import { growDataDiskPath, resizeInstancePath } from "~/utils/console-paths";
import { formatWireMoney } from "../../../platform/rules/money";
import { Button } from "../ui/Button";
import { FieldError } from "../ui/Field";
import { Muted, Price, Row, Stack } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";

/** What one size costs, in a few words: the charge for the rest of the package, or the hourly addition. */
function DiskPrice({ option }: { option: DiskOptionWire }) {
  return option.Kind === "disk_hourly" ? (
    <>
      扩容时不收费，开机后扩容部分 <Price>{formatWireMoney(option.DiskHourPrice)}/时</Price>
    </>
  ) : (
    <>
      补差价 <Price>{formatWireMoney(option.Charge)}</Price>（剩余 {option.RemainingSeconds} 秒）
    </>
  );
}

/**
 * Data disk growth, step one (a GET form: works without JavaScript and changes
 * nothing): the sizes on offer now, each with its charge and how it was computed
 * (decision 093).
 */
export function DiskChoices({
  instance,
  options,
  error,
}: {
  instance: InstanceWire;
  options: DiskOptionWire[];
  error: string | null;
}) {
  return (
    <Form method="get" action={resizeInstancePath(instance.InstanceUuid)}>
      <p>
        当前数据盘 {instance.DataDiskGb}GB，扩容按 <Price>{formatWireMoney(options[0]!.GbMonthPrice)}/GB·月</Price>{" "}
        计费（包时、包天、包月按剩余时长折算到秒补差价；按量计费随开机时长结算）。数据盘只能扩容，不能缩小。选择新的容量：
      </p>
      <Stack as="fieldset" css={{ border: 0, padding: 0, margin: "0 0 $3" }} data-testid="disk-options">
        <legend className="visually-hidden">数据盘容量</legend>
        {options.map((o) => (
          <label key={o.DataDiskGb}>
            <input type="radio" name="data_disk_gb" value={o.DataDiskGb} required /> <strong>{o.DataDiskGb}GB</strong>
            （+{o.AddedGb}GB）：
            <DiskPrice option={o} />
            <br />
            <Muted>{o.Explanation}</Muted>
          </label>
        ))}
      </Stack>
      {error && (
        <FieldError role="alert" id="data_disk_gb-error">
          {error}
        </FieldError>
      )}
      <Row>
        <Button type="submit" variant="primary">
          扩容数据盘
        </Button>
      </Row>
    </Form>
  );
}

/**
 * Step two (the second ask): the new size and its charge. It posts the growth
 * with the key the page rendered, so a second submission charges nothing more.
 */
export function DiskConfirm({
  instance,
  option,
  operationKey,
  error,
}: {
  instance: InstanceWire;
  option: DiskOptionWire;
  operationKey: string;
  error: string | null;
}) {
  const charge = option.Kind === "disk_package" ? formatWireMoney(option.Charge) : null;
  return (
    <Form method="post" action={growDataDiskPath(instance.InstanceUuid, option.DataDiskGb)}>
      <input type="hidden" name="instance_uuid" value={instance.InstanceUuid} />
      <input type="hidden" name="data_disk_gb" value={option.DataDiskGb} />
      <input type="hidden" name="operation_key" value={operationKey} />
      <p data-testid="disk-summary">
        将实例「{instance.Name}」的数据盘从 {instance.DataDiskGb}GB 扩容到 <strong>{option.DataDiskGb}GB</strong>：
        <DiskPrice option={option} />。
      </p>
      <p>
        <Muted data-testid="disk-explanation">{option.Explanation}</Muted>
      </p>
      <p>
        扩容后数据盘上的数据保留，数据盘不能再缩小。
        {charge && "补差价按确认时剩余的秒数计算，不会高于上述金额；支付顺序：算力券、余额、信用额度。"}
      </p>
      {error && (
        <FieldError role="alert" id="data_disk_gb-error">
          {error}
        </FieldError>
      )}
      <Row>
        <StatusButton intent="grow_disk" variant="primary" pendingText="扩容中…">
          {charge ? `确认支付 ${charge} 并扩容` : "确认扩容"}
        </StatusButton>
        <Link to={resizeInstancePath(instance.InstanceUuid)}>重新选择</Link>
      </Row>
    </Form>
  );
}
