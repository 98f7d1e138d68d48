import { Link } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { MainFigures } from "~/utils/user-figures";
import { Button, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { CreditIntroduction } from "./CreditIntroduction";
import { CreditSummary } from "./CreditSummary";

/** The credit-quota dialog (showCreditIntroduction); without JavaScript its button links to /console/credit. */
export function CreditDialog({ figures, label = "授信说明" }: { figures: MainFigures; label?: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <ButtonLink as={Link} to="/console/credit" variant="link">
        {label}
      </ButtonLink>
    );
  }
  return (
    <>
      <Button type="button" variant="link" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="授信额度">
        <CreditSummary figures={figures} />
        <CreditIntroduction />
      </Dialog>
    </>
  );
}
