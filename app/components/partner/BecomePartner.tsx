import { Link, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ButtonLink } from "~/components/ui/Button";
import { Dialog } from "~/components/ui/Dialog";
import { PartnerAgreement } from "./PartnerAgreement";

/**
 * 成为销售合伙人: without JavaScript a link to this page with the agreement shown (?become=1); with JavaScript the
 * same agreement in a dialog (the spec's showBecomeSalesPartnerModal).
 */
export function BecomePartner({ error }: { error?: string | null }) {
  const [params] = useSearchParams();
  const [showBecomeSalesPartnerModal, setShowBecomeSalesPartnerModal] = useState(false);
  if (params.get("become") === "1" || error) return <PartnerAgreement error={error} />;
  return (
    <>
      <ButtonLink
        as={Link}
        to="/console/salesDashboard?become=1"
        data-testid="become-partner"
        onClick={(event) => {
          event.preventDefault();
          setShowBecomeSalesPartnerModal(true);
        }}
      >
        成为销售合伙人
      </ButtonLink>
      <Dialog open={showBecomeSalesPartnerModal} onOpenChange={setShowBecomeSalesPartnerModal} title="成为销售合伙人">
        <PartnerAgreement />
      </Dialog>
    </>
  );
}
