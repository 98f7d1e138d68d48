import {
  listVerifications,
  pollFacePrint,
  readIdCardAgain,
  type IdCardReadingWire,
} from "~/upstream/verification.server";
import { UpstreamError } from "~/upstream/transport.server";
import { PERSONAL_VERIFY_AGAIN_PARAM } from "~/utils/console-paths";
import { qrSvg } from "~/utils/qr-svg.server";
import { requireMainAccount } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";
import {
  entryView,
  latestOf,
  SUB_ACCOUNT_REFUSAL,
  verificationCaller,
  type EntryView,
} from "~/utils/verification.server";

/** What the sides read, for the confirm form (the owner's page only; never in a URL). */
export interface ReadCard {
  frontFileId: number;
  backFileId: number;
  name: string;
  idNumber: string;
  issuedBy: string;
  validPeriod: string;
}

/** Where the account stands on this page, one step of the flow. */
export type PersonalStep =
  | { step: "verified"; entry: EntryView }
  /** Another personal application is under way (a bank card check). */
  | { step: "busy"; entry: EntryView }
  | { step: "waiting"; entry: EntryView; url: string; qrSvg: string; expiresAt: string | null }
  | { step: "start-face"; entry: EntryView }
  | { step: "failed"; entry: EntryView }
  | { step: "confirm"; card: ReadCard }
  | { step: "upload"; notice: string | null };

const fileIdParam = (url: URL, name: string) => {
  const raw = url.searchParams.get(name) ?? "";
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
};

/** The two sides the confirm step names (`?front=<file id>&back=<file id>`), read again; null when gone. */
async function readCard(
  caller: ReturnType<typeof verificationCaller>,
  front: number,
  back: number,
): Promise<ReadCard | null> {
  let sides: [IdCardReadingWire, IdCardReadingWire];
  try {
    sides = [await readIdCardAgain(caller, front), await readIdCardAgain(caller, back)];
  } catch (error) {
    if (error instanceof UpstreamError && (error.kind === "not-found" || error.kind === "refused")) return null;
    throw error;
  }
  const [f, b] = sides;
  if (f.side !== "front" || b.side !== "back") return null;
  return {
    frontFileId: f.file_id,
    backFileId: b.file_id,
    name: f.name,
    idNumber: f.id_number,
    issuedBy: b.issued_by,
    validPeriod: b.valid_period,
  };
}

/**
 * The page's step: verified; another application under way; an ID card application waiting for its face check
 * (polled here: passed or failed shows at once); the face check not started; the confirm form for the sides just
 * read (`?front=&back=`); a rejected ID card application with 重新认证 (`?again=1` skips it); or the upload form.
 */
export function personalStep(request: Request): Promise<PersonalStep> {
  return loadPage(request, async () => {
    const { token } = await requireMainAccount(request, SUB_ACCOUNT_REFUSAL);
    const caller = verificationCaller(request, token);
    const url = new URL(request.url);
    const latest = latestOf((await listVerifications(caller)).verifications, "personal");
    if (latest?.state === "verified") return { step: "verified", entry: entryView(latest)! };
    if (latest?.state === "pending" && latest.method !== "id_face") return { step: "busy", entry: entryView(latest)! };
    if (latest?.state === "pending") {
      const face = await pollFacePrint(caller);
      const entry = entryView(face.verification ?? latest)!;
      if (face.state === "passed") return { step: "verified", entry };
      if (face.state === "failed") return { step: "failed", entry };
      if (face.state === "none") return { step: "start-face", entry };
      return { step: "waiting", entry, url: face.url, qrSvg: await qrSvg(face.url), expiresAt: face.expires_at };
    }
    const front = fileIdParam(url, "front");
    const back = fileIdParam(url, "back");
    if (front === null || back === null) {
      if (
        latest?.state === "rejected" &&
        latest.method === "id_face" &&
        !url.searchParams.has(PERSONAL_VERIFY_AGAIN_PARAM)
      )
        return { step: "failed", entry: entryView(latest)! };
      return { step: "upload", notice: null };
    }
    const card = await readCard(caller, front, back);
    if (!card) return { step: "upload", notice: "识别结果已失效，请重新上传身份证照片" };
    return { step: "confirm", card };
  });
}
