import { Form, Link } from "@remix-run/react";
import type { CloudDiskConfirmation } from "~/utils/cloud-disk.server";
import { formatMoney } from "../../../platform/rules/money";
import { FieldError } from "../ui/Field";
import { PanelTitle, Price, Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";

const TITLES = { buy: "确认购买云盘", expand: "确认扩容云盘", renew: "确认续费云盘" } as const;
const BUTTONS = { buy: "确认支付", expand: "确认扩容并支付", renew: "确认续费并支付" } as const;

/**
 * Step two of every cloud disk purchase: what it costs and how that was computed (the rule the charge uses), what
 * happens at the end of the term, and the POST that buys it with the page's operation key.
 */
export function ConfirmCloudDisk({
  confirmation,
  operationKey,
  retentionDays,
  errors,
}: {
  confirmation: CloudDiskConfirmation;
  operationKey: string;
  retentionDays: number;
  errors: string[];
}) {
  const { op, fields, quote, regionName } = confirmation;
  return (
    <section aria-labelledby="cloud-disk-confirm-title" data-testid="cloud-disk-confirm">
      <PanelTitle id="cloud-disk-confirm-title">{TITLES[op]}</PanelTitle>
      <p>
        地区：{regionName}。应付 <Price data-testid="cloud-disk-amount">{formatMoney(quote.amountFen)}</Price>
      </p>
      <p data-testid="cloud-disk-formula">计算方式：{quote.formula}</p>
      {op === "expand" && <p>扩容按到期前的剩余时间计费，以确认时的剩余秒数为准。</p>}
      <p>
        云盘独立于实例：释放实例不会删除云盘数据。到期前 7、3、1 天会发站内信提醒；到期后云盘变为只读并保留{" "}
        {retentionDays} 天，之后自动删除且无法恢复。
      </p>
      {errors.map((e) => (
        <FieldError key={e} role="alert">
          {e}
        </FieldError>
      ))}
      <Form method="post">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="operation_key" value={operationKey} />
        <Row>
          <StatusButton intent={op} pendingText="支付中…">
            {BUTTONS[op]}
          </StatusButton>
          <Link to="/console/cloudDisk">取消</Link>
        </Row>
      </Form>
    </section>
  );
}
