import { Form } from "@remix-run/react";
import type { PowerMoneyOffer } from "~/upstream/vouchers.server";
import { Muted, Price } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { styled } from "../ui/stitches.config";
import { formatWireMoney } from "../../../platform/rules/money";

const List = styled("ul", {
  listStyle: "none",
  padding: 0,
  margin: "0 0 $4",
  display: "grid",
  gap: "$3",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
});
const Card = styled("li", {
  border: "1px solid $border",
  borderRadius: "$md",
  padding: "$4",
  display: "flex",
  flexDirection: "column",
  gap: "$2",
  form: { marginTop: "auto" },
});

/**
 * The active voucher offers, each a plain POST form to /console/powerMoney
 * (works without JavaScript). `operationKey` was made when the page rendered:
 * submitting twice buys once. `redirectTo` is where to return with the toast.
 */
export function PowerMoneyOffers({
  offers,
  operationKey,
  redirectTo,
  onSubmit,
}: {
  offers: PowerMoneyOffer[];
  operationKey: string;
  redirectTo?: string;
  onSubmit?: () => void;
}) {
  if (offers.length === 0) return <p>暂无可购买的算力券套餐</p>;
  return (
    <List data-testid="power-money-offers">
      {offers.map((offer) => (
        <Card key={offer.OfferId} data-testid={`power-money-offer-${offer.OfferId}`}>
          <strong>算力券 {formatWireMoney(offer.PowerMoney)}</strong>
          <span>
            售价 <Price>{formatWireMoney(offer.Price)}</Price>
          </span>
          <Muted>{Number(offer.Bonus) > 0 ? `赠送 ${formatWireMoney(offer.Bonus)}` : "无赠送"}</Muted>
          <Form method="post" action="/console/powerMoney" onSubmit={onSubmit}>
            <input type="hidden" name="offer_id" value={offer.OfferId} />
            <input type="hidden" name="operation_key" value={operationKey} />
            {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
            <StatusButton
              intent="buy"
              formAction="/console/powerMoney"
              size="sm"
              pendingText="购买中…"
              aria-label={`用余额 ${formatWireMoney(offer.Price)} 购买算力券 ${formatWireMoney(offer.PowerMoney)}`}
            >
              购买
            </StatusButton>
          </Form>
        </Card>
      ))}
    </List>
  );
}
