import type { MetaFunction } from "@remix-run/node";
import { AgreementView } from "~/components/AgreementView";
import { UNREGISTER_AGREEMENT } from "~/content/agreements";

export const meta: MetaFunction = () => [{ title: `${UNREGISTER_AGREEMENT.title} · 算力云` }];

export default function AgreementPage() {
  return <AgreementView agreement={UNREGISTER_AGREEMENT} />;
}
export const handle = { showContact: true };
