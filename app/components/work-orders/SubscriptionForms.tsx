import { Form } from "@remix-run/react";
import { Input } from "../ui/Field";
import { Row } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";

/** One reply-notice channel of a work order and whether the user subscribed to it. */
export interface ChannelSubscription {
  channel: string;
  label: string;
  /** The subscription, when the user subscribed to this channel. */
  subscriptionId: number | null;
}

/**
 * Subscribe to or unsubscribe from reply notices, one channel at a time
 * (站内信, 短信, 邮件): one small form per channel, posting to the detail page.
 */
export function SubscriptionForms({ action, channels }: { action: string; channels: ChannelSubscription[] }) {
  return (
    <Row data-testid="work-order-subscriptions">
      {channels.map((c) => (
        <Form
          key={c.channel}
          method="post"
          action={action}
          style={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8, maxWidth: "100%" }}
        >
          <input type="hidden" name="channel" value={c.channel} />
          {c.subscriptionId !== null && <input type="hidden" name="subscription_id" value={c.subscriptionId} />}
          {c.channel === "email" && c.subscriptionId === null && (
            <Input
              type="email"
              name="address"
              aria-label="接收通知的邮箱"
              placeholder="接收通知的邮箱（不填则用账号的通知邮箱）"
              autoComplete="email"
              css={{ width: 300, maxWidth: "100%" }}
            />
          )}
          <StatusButton
            intent={c.subscriptionId !== null ? "unsubscribe" : "subscribe"}
            formAction={action}
            variant="secondary"
            size="sm"
            pendingText="保存中…"
          >
            {c.subscriptionId !== null ? `取消${c.label}通知` : `订阅${c.label}通知`}
          </StatusButton>
        </Form>
      ))}
    </Row>
  );
}
