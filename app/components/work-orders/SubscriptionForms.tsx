import { Form, Link } from "@remix-run/react";
import { Input } from "../ui/Field";
import { Muted, Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";

/** One reply-notice channel of a work order and whether the user subscribed to it. */
export interface ChannelSubscription {
  channel: string;
  label: string;
  /** The subscription, when the user subscribed to this channel. */
  subscriptionId: number | null;
}

/**
 * Where SMS and email notices may go (decision 059): the account's own phone
 * (masked) and its notice email, once confirmed; null where there is none. A sub-account has
 * neither and subscribes on the site only.
 */
export interface NoticeAddresses {
  subAccount: boolean;
  maskedPhone: string | null;
  noticeEmail: string | null;
  /** Whether the owner confirmed the notice email by its emailed link: email notices need it. */
  noticeEmailConfirmed: boolean;
}

/** Why a channel cannot be subscribed here, with the way to make it possible; null when it can. */
function unavailable(channel: string, addresses: NoticeAddresses) {
  if (channel === "site") return null;
  if (addresses.subAccount) return <Muted>子账号只能订阅站内通知，短信和邮件通知请由主账号订阅。</Muted>;
  if (channel === "email" && addresses.noticeEmail === null)
    return (
      <Muted data-testid="work-order-email-missing">
        邮件通知只发送到账号的通知邮箱，您还没有设置：请先到
        <Link to="/console/accountInfo">账号信息</Link>
        设置通知邮箱。
      </Muted>
    );
  if (channel === "email" && !addresses.noticeEmailConfirmed)
    return (
      <Muted data-testid="work-order-email-unconfirmed">
        通知邮箱 {addresses.noticeEmail} 尚未验证，请先在
        <Link to="/console/accountInfo">账号信息</Link>
        中完成验证。
      </Muted>
    );
  return null;
}

/**
 * Subscribe to or unsubscribe from reply notices, one channel at a time
 * (站内信, 短信, 邮件): one small form per channel, posting to the detail page.
 * SMS goes to the account's phone and email to its notice email, shown here;
 * no other address can be given.
 */
export function SubscriptionForms({
  action,
  channels,
  addresses,
}: {
  action: string;
  channels: ChannelSubscription[];
  addresses: NoticeAddresses;
}) {
  return (
    <Row data-testid="work-order-subscriptions">
      {channels.map((c) => {
        const subscribed = c.subscriptionId !== null;
        const blocked = subscribed ? null : unavailable(c.channel, addresses);
        if (blocked) return <div key={c.channel}>{blocked}</div>;
        return (
          <Form
            key={c.channel}
            method="post"
            action={action}
            style={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8, maxWidth: "100%" }}
          >
            <input type="hidden" name="channel" value={c.channel} />
            {subscribed && <input type="hidden" name="subscription_id" value={c.subscriptionId!} />}
            {!subscribed && c.channel === "sms" && addresses.maskedPhone && (
              <Muted>发送到本账号手机号 {addresses.maskedPhone}</Muted>
            )}
            {!subscribed && c.channel === "email" && addresses.noticeEmail && (
              <Input
                type="email"
                name="address"
                aria-label="接收通知的邮箱（账号的通知邮箱）"
                defaultValue={addresses.noticeEmail}
                readOnly
                css={{ width: 260, maxWidth: "100%" }}
              />
            )}
            <StatusButton
              intent={subscribed ? "unsubscribe" : "subscribe"}
              formAction={action}
              variant="secondary"
              size="sm"
              pendingText="保存中…"
            >
              {subscribed ? `取消${c.label}通知` : `订阅${c.label}通知`}
            </StatusButton>
          </Form>
        );
      })}
    </Row>
  );
}
