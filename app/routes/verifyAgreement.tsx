import type { MetaFunction } from "@remix-run/node";
import { AgreementView } from "~/components/AgreementView";
import { VERIFY_AGREEMENT } from "~/content/agreements";

export const meta: MetaFunction = () => [{ title: `${VERIFY_AGREEMENT.title} · 算力云` }];

export default function AgreementPage() {
  return <AgreementView agreement={VERIFY_AGREEMENT} />;
}
