import type { ReactNode } from "react";
import type { CouponGroupWire } from "~/upstream/coupons.server";
import { Badge, Muted, Price } from "../ui/layout";
import { styled } from "../ui/stitches.config";
import { targetTexts, thresholdText, typeName, valueText } from "./coupon-text";

const Card = styled("article", {
  display: "flex",
  flexDirection: "column",
  gap: "$2",
  border: "1px solid $border",
  borderRadius: "$md",
  padding: "$4",
  backgroundColor: "white",
  h3: { margin: 0, fontSize: "$md", fontWeight: 600 },
  ul: { margin: 0, paddingLeft: "$4", color: "$mutedText", fontSize: "$sm" },
});
const Value = styled(Price, { fontSize: 24 });
const Head = styled("div", { display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: "$2" });

/**
 * One coupon or coupon group (spec §4): type, amount or discount, threshold,
 * targets and validity; `state` is a badge (已使用, 已过期, 已抢光…) shown
 * muted when `dim`; `children` its action (领取, 立即使用) and any refusal beside it.
 */
export function CouponCard({
  group,
  validity,
  state,
  dim = false,
  children,
  testId,
}: {
  group: CouponGroupWire;
  validity: string;
  state?: string;
  dim?: boolean;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId} aria-label={group.Name}>
      <Head>
        <Value>{valueText(group)}</Value>
        <Badge tone={dim ? "muted" : "primary"}>{typeName(group)}</Badge>
      </Head>
      <h3>{group.Name}</h3>
      <Muted>{thresholdText(group)}</Muted>
      {targetTexts(group).length > 0 && (
        <ul>
          {targetTexts(group).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      <Muted>{validity}</Muted>
      {state && <Badge tone="muted">{state}</Badge>}
      {children}
    </Card>
  );
}
