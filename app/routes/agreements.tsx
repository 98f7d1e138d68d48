import type { MetaFunction } from "@remix-run/node";
import { AgreementView } from "~/components/AgreementView";
import { USER_AGREEMENT } from "~/content/agreements";

export const meta: MetaFunction = () => [{ title: `${USER_AGREEMENT.title} · 算力云` }];

export default function AgreementPage() {
  return <AgreementView agreement={USER_AGREEMENT} />;
}
