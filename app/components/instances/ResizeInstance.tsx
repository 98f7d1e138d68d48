import { Form, Link } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { InstanceWire } from "~/upstream/instances.server";
import type { ResizeOptionWire } from "~/upstream/resize.server";
import { instancePath, resizeInstancePath } from "~/utils/console-paths";
import { DOWNGRADE_RULE_TEXT } from "../../../platform/rules/instance-resize";
import { survivalRow } from "../../../platform/rules/instance-survival";
import { formatWireMoney } from "../../../platform/rules/money";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { FieldError } from "../ui/Field";
import { Muted, Price, Row, Stack } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { SurvivalFacts } from "./Survival";

/** What one option costs, in a few words: the new hourly rate, the charge or the refund for the rest of the package. */
function OptionPrice({ option }: { option: ResizeOptionWire }) {
  if (option.Kind === "package_downgrade")
    return (
      <>
        退还 <Price data-testid={`resize-refund-${option.GpuCount}`}>{formatWireMoney(option.Refund)}</Price>（剩余{" "}
        {option.RemainingSeconds} 秒）
      </>
    );
  return option.Kind === "hourly" ? (
    <>
      按量 <Price>{formatWireMoney(option.HourlyPrice)}/时</Price>，调整时不收费
    </>
  ) : (
    <>
      补差价 <Price>{formatWireMoney(option.Charge)}</Price>（剩余 {option.RemainingSeconds} 秒）
    </>
  );
}

/**
 * Step one (a GET form, so it works without JavaScript and changes nothing):
 * the GPU counts on offer now, each with its price and how it was computed.
 * With JavaScript, a package's downgrade (money back, GPUs given up) asks its
 * second time in a dialog holding the confirmation (decision 095); without, and
 * for the other options, 下一步 opens the confirm page, which asks the same.
 */
export function ResizeChoices({
  instance,
  options,
  error,
  operationKey,
  refused,
}: {
  instance: InstanceWire;
  options: ResizeOptionWire[];
  error: string | null;
  /** The key the dialog's confirmation posts. */
  operationKey: string;
  /** Why the dialog's confirmation was refused (e.g. the refund changed), shown in it. */
  refused: string | null;
}) {
  const hydrated = useHydrated();
  const [askedCount, setAskedCount] = useState<number | null>(null);
  // The option as the page knows it now: a refused confirmation reloads it with the new refund.
  const asked = options.find((o) => o.GpuCount === askedCount && o.Kind === "package_downgrade") ?? null;
  const askInDialog = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    const count = Number(new FormData(event.currentTarget).get("gpu_count"));
    if (!options.some((o) => o.GpuCount === count && o.Kind === "package_downgrade")) return;
    event.preventDefault();
    setAskedCount(count);
  };
  return (
    <>
      <Form method="get" action={resizeInstancePath(instance.InstanceUuid)} onSubmit={askInDialog}>
        <p>
          当前 {instance.GpuName} × {instance.GpuCount}（主机 {instance.HostName} 空闲 {instance.HostGpuFree}/
          {instance.HostGpuTotal}）。选择新的 GPU 数量：
        </p>
        <Stack as="fieldset" css={{ border: 0, padding: 0, margin: "0 0 $3" }} data-testid="resize-options">
          <legend className="visually-hidden">GPU数量</legend>
          {options.map((o) => (
            <label key={o.GpuCount}>
              <input type="radio" name="gpu_count" value={o.GpuCount} required /> <strong>{o.GpuCount} 卡</strong>：
              <OptionPrice option={o} />
              <br />
              <Muted>{o.Explanation}</Muted>
            </label>
          ))}
        </Stack>
        {error && (
          <FieldError role="alert" id="gpu_count-error">
            {error}
          </FieldError>
        )}
        <Row>
          <Button type="submit" variant="primary">
            下一步
          </Button>
          <Link to={instancePath(instance.InstanceUuid)}>返回实例</Link>
        </Row>
      </Form>
      {/* Outside the GET form: the confirmation's POST must not bubble into it. */}
      <Dialog open={asked !== null} onOpenChange={(open) => !open && setAskedCount(null)} title="减少GPU并退款">
        {asked && <ResizeConfirm instance={instance} option={asked} operationKey={operationKey} error={refused} />}
      </Dialog>
    </>
  );
}

/**
 * Step two (the second ask): exactly what changes and what it costs; for
 * fewer GPUs, what survives a downgrade, and for a package the refund rule and
 * the exact refund, posted back so a changed figure is refused (decision 095).
 * It posts the change with the key the page rendered, so a second submission
 * changes, charges and refunds nothing more.
 */
export function ResizeConfirm({
  instance,
  option,
  operationKey,
  error,
}: {
  instance: InstanceWire;
  option: ResizeOptionWire;
  operationKey: string;
  error: string | null;
}) {
  const down = option.GpuCount < instance.GpuCount;
  const charge = option.Kind === "package_upgrade" ? formatWireMoney(option.Charge) : null;
  const refund = option.Kind === "package_downgrade" ? formatWireMoney(option.Refund) : null;
  return (
    <Form method="post" action={resizeInstancePath(instance.InstanceUuid, option.GpuCount)}>
      <input type="hidden" name="instance_uuid" value={instance.InstanceUuid} />
      <input type="hidden" name="gpu_count" value={option.GpuCount} />
      <input type="hidden" name="operation_key" value={operationKey} />
      {/* 0 unless a downgrade: a form whose option has meanwhile become a refund is refused as stale. */}
      <input type="hidden" name="expected_refund_fen" value={option.RefundFen} />
      <p data-testid="resize-summary">
        将实例「{instance.Name}」从 {instance.GpuCount} 卡调整为 <strong>{option.GpuCount} 卡</strong>：
        <OptionPrice option={option} />。
      </p>
      <p>
        <Muted data-testid="resize-explanation">{option.Explanation}</Muted>
      </p>
      {charge && <p>补差价按确认时剩余的秒数计算，不会高于上述金额；支付顺序：算力券、余额、信用额度。</p>}
      {refund && (
        <>
          <p data-testid="downgrade-rule">{DOWNGRADE_RULE_TEXT}</p>
          <p>
            确认后退还 <Price data-testid="downgrade-refund">{refund}</Price>
            。退款按确认时剩余的秒数计算，不会高于此金额；页面打开超过 10 分钟后金额变化时不会调整，
            页面会显示新的金额请您再次确认。
          </p>
        </>
      )}
      {down && <SurvivalFacts row={survivalRow("downgrade")} />}
      {error && (
        <FieldError role="alert" id="gpu_count-error">
          {error}
        </FieldError>
      )}
      <Row>
        <StatusButton intent="resize" variant="primary" pendingText="调整中…">
          {charge ? `确认支付 ${charge} 并调整` : refund ? `确认减少并退还 ${refund}` : "确认调整"}
        </StatusButton>
        <Link to={resizeInstancePath(instance.InstanceUuid)}>重新选择</Link>
      </Row>
    </Form>
  );
}
