import { Dialog } from "../ui/Dialog";
import { DEFAULT_AMOUNT } from "./pay-types";
import { QuickTopUpBody } from "./RechargeFlow";

/** The quick top-up dialog (spec §2), loaded on first use from the bar. */
export function QuickTopUpDialog({
  open,
  onOpenChange,
  amount = DEFAULT_AMOUNT,
  title = "快速充值",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  amount?: string;
  title?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      {open && <QuickTopUpBody values={{ amount, payType: 1 }} />}
    </Dialog>
  );
}
