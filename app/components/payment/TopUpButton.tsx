import { Link } from "@remix-run/react";
import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { rechargePath } from "~/utils/paths";
import type { QuickTopUpDialog as DialogComponent } from "./QuickTopUpDialog";

let loaded: typeof DialogComponent | null = null;
let loading: Promise<typeof DialogComponent> | null = null;

/** The dialog's code (form, QR panel, polling) is fetched on first use, not with every page. */
function loadDialog(): Promise<typeof DialogComponent> {
  loading ??= import("./QuickTopUpDialog").then((module) => (loaded = module.QuickTopUpDialog));
  return loading;
}

/**
 * A top-up entry: with JavaScript a button that opens the top-up dialog with
 * `amountYuan` filled in; without, a link to /console/recharge with the same
 * amount. The quick top-up of the bar and the fast-pay dialog (可用余额少于套餐价格!)
 * are both this.
 */
export function TopUpButton({
  amountYuan,
  title,
  children,
  as: Trigger = "button",
  className,
  openAtOnce = false,
}: {
  amountYuan?: string;
  title?: string;
  children: ReactNode;
  as?: "button" | ComponentType<{ type: "button"; onClick: () => void; className?: string; children: ReactNode }>;
  className?: string;
  /** Open the dialog as soon as JavaScript runs (the fast-pay dialog after 可用余额少于套餐价格!). */
  openAtOnce?: boolean;
}) {
  const hydrated = useHydrated();
  const [Dialog, setDialog] = useState<typeof DialogComponent | null>(() => loaded); // a component is a function: never a lazy initializer
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!openAtOnce) return;
    setOpen(true);
    void loadDialog().then((component) => setDialog(() => component));
  }, [openAtOnce]);
  if (!hydrated) {
    return (
      <Link to={rechargePath(amountYuan)} className={className}>
        {children}
      </Link>
    );
  }
  const openDialog = () => {
    setOpen(true);
    if (!Dialog) void loadDialog().then((component) => setDialog(() => component));
  };
  return (
    <>
      <Trigger type="button" onClick={openDialog} className={className}>
        {children}
      </Trigger>
      {Dialog && <Dialog open={open} onOpenChange={setOpen} amount={amountYuan} title={title} />}
    </>
  );
}
