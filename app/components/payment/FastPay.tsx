import { fenToYuan, formatMoney } from "../../../platform/rules/money";
import { styled } from "../ui/stitches.config";
import { TopUpButton } from "./TopUpButton";

const Prompt = styled("div", {
  padding: "$3",
  border: "1px solid $error",
  borderRadius: "$sm",
  color: "$errorText",
  display: "flex",
  gap: "$3",
  alignItems: "center",
  flexWrap: "wrap",
  "a, button": {
    color: "white",
    backgroundColor: "$primaryFill",
    border: "none",
    borderRadius: "$sm",
    padding: "$1 $3",
    fontSize: "$md",
    cursor: "pointer",
    textDecoration: "none",
  },
});

/** The reason the platform gives when the wallet cannot pay (spec §8), exactly. */
export const FAST_PAY_REASON = "可用余额少于套餐价格!";

/**
 * The fast-pay dialog (spec §4, §8): shown where a call answered
 * 可用余额少于套餐价格!. With JavaScript the top-up dialog opens at once,
 * preset to the shortfall; without, a link to /console/recharge with the
 * amount filled in.
 */
export function FastPay({ shortfallFen }: { shortfallFen: number }) {
  const shortfall = Math.max(1, shortfallFen);
  const amount = fenToYuan(shortfall);
  return (
    <Prompt role="alert" data-testid="fast-pay">
      <span>
        {FAST_PAY_REASON} 还差 {formatMoney(shortfall)}
      </span>
      <TopUpButton amountYuan={amount} title="余额不足，快速充值" openAtOnce>
        立即充值 {formatMoney(shortfall)}
      </TopUpButton>
    </Prompt>
  );
}
