import { Link } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, ButtonLink } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { MembershipTable, type MembershipProps } from "./MembershipTable";

/** The membership guide dialog; without JavaScript its button links to /console/accountInfo, which shows the same. */
export function MembershipGuide({ vipInfos, figures }: MembershipProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <ButtonLink as={Link} to="/console/accountInfo#membership" variant="link">
        会员说明
      </ButtonLink>
    );
  }
  return (
    <>
      <Button type="button" variant="link" onClick={() => setOpen(true)}>
        会员说明
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="会员等级说明">
        <MembershipTable vipInfos={vipInfos} figures={figures} />
      </Dialog>
    </>
  );
}
