import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadInvoice, pdfResponse } from "~/upstream/invoices.server";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";

/** One of the caller's invoice PDFs (?red=1: the red-letter one); another account's id is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, "子账号无权查看发票");
    const id = /^[1-9]\d{0,15}$/.test(params.id ?? "") ? Number(params.id) : 0;
    if (!Number.isSafeInteger(id) || id < 1) throw new Response("发票不存在", { status: 404 });
    const red = new URL(request.url).searchParams.get("red") === "1";
    return pdfResponse(await downloadInvoice(token, id, red));
  });
}
