import type { MetaFunction } from "@remix-run/node";
import { AgreementView } from "~/components/AgreementView";
import { WORK_ORDER_AGREEMENT } from "~/content/agreements";

export const meta: MetaFunction = () => [{ title: `${WORK_ORDER_AGREEMENT.title} · 算力云` }];

export default function AgreementPage() {
  return <AgreementView agreement={WORK_ORDER_AGREEMENT} />;
}
export const handle = { showContact: true };
