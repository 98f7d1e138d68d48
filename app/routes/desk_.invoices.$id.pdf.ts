import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadDeskInvoice, pdfResponse } from "~/upstream/invoices.server";
import { invoiceIdParam, requireFinance } from "~/utils/desk-invoices.server";
import { asStaff } from "~/utils/desk-session.server";

/** An application's PDF for finance (?red=1: the red-letter one), with the desk's own session. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = invoiceIdParam(params.id);
  const { auth } = await requireFinance(request);
  const red = new URL(request.url).searchParams.get("red") === "1";
  return pdfResponse(await asStaff(request, () => downloadDeskInvoice(auth, id, red)));
}
