import { Form } from "@remix-run/react";
import { CheckboxField } from "~/components/ui/Field";
import { StatusButton } from "~/components/ui/StatusButton";
import {
  COMMISSION_TIERS,
  FIRST_TOUCH_DAYS,
  HOLDING_DAYS,
  REFERRAL_ACTIVE_MONTHS,
} from "../../../platform/rules/partner-commission";
import { formatMoney } from "../../../platform/rules/money";

/** The program's agreement and the form that accepts it (in the dialog with JavaScript, on the page without). */
export function PartnerAgreement({ error }: { error?: string | null }) {
  return (
    <Form method="post" action="/console/salesDashboard">
      <h3>销售合伙人协议</h3>
      <ol>
        <li>
          通过您的推广链接、推广码或二维码访问并在 {FIRST_TOUCH_DAYS}{" "}
          天内注册的新用户，将绑定为您推广的用户（以首次访问为准）。
        </li>
        <li>
          您可获得被推广用户注册后 {REFERRAL_ACTIVE_MONTHS}{" "}
          个月内现金消费的佣金；算力券、优惠券和授信消费不计佣金，退款将扣回相应佣金。
        </li>
        <li>
          佣金比例按当月被推广用户的现金消费净额分档：
          {COMMISSION_TIERS.map((t) => `${formatMoney(t.fromFen)} 起 ${t.rateBp / 100}%`).join("；")}。
        </li>
        <li>佣金在当月结束 {HOLDING_DAYS} 天后按月结算，结算后可转入账户余额或提现到银行卡。</li>
        <li>禁止自我推广：同一手机号、身份证号或设备，以及主账号与其子账号之间的推广不予绑定。</li>
      </ol>
      <CheckboxField name="agree" error={error} required>
        我已阅读并同意《销售合伙人协议》
      </CheckboxField>
      <StatusButton intent="join">成为销售合伙人</StatusButton>
    </Form>
  );
}
