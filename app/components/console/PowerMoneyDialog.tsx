import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { PowerMoneyOffer } from "~/upstream/vouchers.server";
import { Button, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { PowerMoneyIntroduction } from "./PowerMoneyIntroduction";
import { PowerMoneyOffers } from "./PowerMoneyOffers";

/** What /console/powerMoney's loader answers, read by the dialog when it opens. */
interface PowerMoneyPageData {
  offers: PowerMoneyOffer[];
  operationKey: string;
}

/**
 * The compute-voucher dialog (showPowerMoneyIntroduction): the rules and the
 * offers, loaded from /console/powerMoney when it opens. Buying posts the same
 * form as that page and comes back here with a toast. Without JavaScript the
 * button links to /console/powerMoney, which does the same.
 */
export function PowerMoneyDialog({ label = "算力券" }: { label?: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<PowerMoneyPageData>();
  const location = useLocation();
  if (!hydrated) {
    return (
      <ButtonLink as={Link} to="/console/powerMoney" variant="link">
        {label}
      </ButtonLink>
    );
  }
  const show = () => {
    setOpen(true);
    // A fresh operation key for every opening: each purchase from here is its own.
    fetcher.load("/console/powerMoney");
  };
  return (
    <>
      <Button type="button" variant="link" onClick={show}>
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="算力券">
        <PowerMoneyIntroduction />
        {fetcher.data && fetcher.state === "idle" ? (
          <PowerMoneyOffers
            offers={fetcher.data.offers}
            operationKey={fetcher.data.operationKey}
            redirectTo={`${location.pathname}${location.search}`}
            onSubmit={() => setOpen(false)}
          />
        ) : (
          <p aria-live="polite">正在加载套餐…</p>
        )}
      </Dialog>
    </>
  );
}
