/**
 * Every verification flow of issue 37, driven through the real /third-party and /staff calls for one main account
 * (the IDOR walk and the personal-data test start from it): personal by ID card with a failed face check (rejected),
 * other channel (rejected in review), personal by bank card (verified), enterprise with an authorisation letter
 * (approved in review), student by card (rejected in review) and by school mailbox (verified); plus files of every
 * purpose left unattached. Answers the ids made and every personal value typed or read, to look for afterwards.
 */
import { randomInt } from "node:crypto";
import { expect } from "vitest";
import { deliverMessages } from "../../platform/jobs/deliver-messages";
import { readEmailOutbox } from "../../platform/providers/email/outbox";
import { luhnValid } from "../../platform/rules/identity-numbers";
import { mainAccount, type TestAccount } from "./instances";
import { MINUTE, uniqueIp, uniquePhone, type TestPlatform } from "./platform";
import { staffPost } from "./staff";
import { pngImage } from "./upload-fixtures";
import { newCreditCode, uploadedFile, verificationCall } from "./verification";
import { newIdNumber } from "./verification-rows";

/** The PNGs every upload of the flows sends (their bytes must never be stored as they are). */
export const ID_CARD_IMAGE = pngImage(40, 25);
export const FILE_IMAGE = pngImage(32, 20);

export interface VerificationFlows {
  owner: TestAccount;
  /** Entries by what happened to them. */
  entries: {
    idFaceRejected: number;
    otherRejected: number;
    bankCard: number;
    enterprise: number;
    studentCardRejected: number;
    studentMailbox: number;
  };
  /** File ids by purpose: attached to an entry, and uploaded but never named by an application. */
  files: {
    idFront: number;
    idBack: number;
    looseIdFront: number;
    looseIdBack: number;
    other: number;
    looseOther: number;
    licence: number;
    looseLicence: number;
    authorisation: number;
    looseAuthorisation: number;
    studentCard: number;
    looseStudentCard: number;
  };
  /** Every personal value the flows typed or OCR read: none may be found in plain at rest or in a log line. */
  secrets: string[];
}

/** A Luhn-valid 16-digit card number that the sandbox accepts (it refuses those ending 0000). */
export function newBankCardNumber(): string {
  for (;;) {
    const body = `622848${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
    for (let d = 0; d <= 9; d++) if (luhnValid(body + d) && !(body + d).endsWith("0000")) return body + d;
  }
}

/** `ocr-image` with a PNG named as the sandbox OCR reads it; answers the stored file's id. */
export async function idCardOcr(t: TestPlatform, who: TestAccount, side: "front" | "back", fileName: string) {
  const form = new FormData();
  form.append("side", side);
  form.append("file", new File([ID_CARD_IMAGE], fileName, { type: "image/png" }));
  const reply = await t.request("/third-party/api/v1/verification/ocr-image", {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}`, "x-client-address": uniqueIp() },
    body: form,
  });
  expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
  return reply.body.data.file_id as number;
}

/** Presses 通过 or 不通过 on the sandbox face page the link opens. */
export async function pressFace(t: TestPlatform, url: string, action: "pass" | "fail") {
  const reply = await t.request(new URL(url).pathname, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `action=${action}`,
  });
  expect(reply.http).toBe(200);
}

/** The code in the newest email to `to`, once the outbox has delivered it. */
async function mailedCode(t: TestPlatform, to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    await deliverMessages(t.ctx);
    const [mail] = await readEmailOutbox(t.db, to);
    const code = mail?.body.match(/验证码为：(\d{6})/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code mailed to ${to}`);
}

const ok = (reply: { body: any }) => {
  expect(reply.body.code ?? reply.body.status, JSON.stringify(reply.body)).toBe(0);
  return reply.body.data;
};

/** Distinct valid ID numbers. */
function idNumbers(count: number): string[] {
  const drawn = new Set<string>();
  while (drawn.size < count) drawn.add(newIdNumber());
  return [...drawn];
}

/** Runs every flow for a new main account; `reviewer` is a reviewer's staff token for the desk's decisions. */
export async function runEveryVerificationFlow(t: TestPlatform, reviewer: string): Promise<VerificationFlows> {
  const owner = await mainAccount(t);
  const call = (path: string, body?: object) => verificationCall(t, owner, path, body);
  const decide = async (id: number, fields: Record<string, string | number>) =>
    ok(await staffPost(t, "/verification/decide", reviewer, { id, ...fields }));
  const [faceIdNumber, bankIdNumber, looseIdNumber] = idNumbers(3);
  const faceName = "欧阳娜娜";
  const looseName = "上官婉儿";
  const bankName = "司马相如";
  const cardNumber = newBankCardNumber();
  const passport = `E${String(randomInt(0, 1e8)).padStart(8, "0")}`;
  const otherName = "皇甫嵩岳";
  const representative = "慕容复生";
  const cardStudentNumber = `23${String(randomInt(0, 1e8)).padStart(8, "0")}`;
  const mailStudentNumber = `24${String(randomInt(0, 1e8)).padStart(8, "0")}`;
  const backName = "idcard-back-北京市公安局西城分局-2020.01.01-2040.01.01.png";

  // Personal by ID card: read, confirmed, the face check fails → rejected.
  const idFront = await idCardOcr(t, owner, "front", `idcard-front-${faceName}-${faceIdNumber}.png`);
  const idBack = await idCardOcr(t, owner, "back", backName);
  expect(ok(await call("ocr-result", { file_id: idFront }))).toMatchObject({ id_number: faceIdNumber });
  const idFace = ok(
    await call("verifications", {
      verify_type: 0,
      method: "id_face",
      name: faceName,
      id_number: faceIdNumber,
      front_file_id: idFront,
      back_file_id: idBack,
    }),
  );
  const face = ok(await call("face-print", {}));
  await pressFace(t, face.url, "fail");
  expect(ok(await call("face-print"))).toMatchObject({ state: "failed" });
  // Read again but never submitted: the readings and files stay the owner's.
  const looseIdFront = await idCardOcr(t, owner, "front", `idcard-front-${looseName}-${looseIdNumber}.png`);
  const looseIdBack = await idCardOcr(t, owner, "back", backName);

  // Other channel: a passport, rejected in review.
  const other = await uploadedFile(t, owner, "other", "passport.png");
  const otherEntry = ok(
    await call("other-channel", {
      document_type: "passport",
      name: otherName,
      document_number: passport,
      file_ids: [other],
      note: "长期在华工作",
    }),
  );
  await decide(otherEntry.id, { decision: "reject", reason: "照片不清晰" });

  // Personal by bank card: the code to the card's phone, the four elements → verified.
  const phone = uniquePhone();
  t.clock.advance(MINUTE + 1000);
  ok(await verificationCall(t, owner, "captcha", { phone }));
  const [sms] = await t.readSms(phone);
  const bank = ok(
    await call("bank-card", {
      name: bankName,
      id_number: bankIdNumber,
      card_number: cardNumber,
      phone,
      code: sms!.code,
    }),
  );
  expect(bank).toMatchObject({ state: "verified" });

  // Enterprise: the licence read, an authorisation letter (the applicant is not the representative), approved.
  const creditCode = newCreditCode();
  // The file name is not kept: the sandbox reads its sample; the applicant corrects the code and the representative.
  const licence = await uploadedFile(t, owner, "licence", "licence.png");
  const read = ok(await call("business-license", { file_id: licence }));
  expect(read).toMatchObject({ applicant_is_legal_representative: false });
  const authorisation = await uploadedFile(t, owner, "authorisation", "letter.png");
  const enterprise = ok(
    await call("verifications", {
      verify_type: 1,
      licence_file_id: licence,
      company_name: read.company_name,
      credit_code: creditCode,
      legal_representative: representative,
      authorisation_file_ids: [authorisation],
    }),
  );
  await decide(enterprise.id, { decision: "approve" });

  // Student by card, rejected in review; then by school mailbox, verified.
  const studentCard = await uploadedFile(t, owner, "student_card", "card.png");
  const years = { school: "北京大学", enrolment_year: "2023", graduation_year: "2027" };
  const byCard = ok(await call("student/card", { ...years, student_number: cardStudentNumber, file_id: studentCard }));
  await decide(byCard.id, { decision: "reject", reason: "other", reason_text: "学生证缺少注册章" });
  const email = `s${owner.userId}@stu.pku.edu.cn`;
  ok(await call("student/mailbox-code", { ...years, student_number: mailStudentNumber, email }));
  const byMailbox = ok(await call("student/mailbox-verify", { code: await mailedCode(t, email) }));
  expect(byMailbox).toMatchObject({ state: "verified" });

  return {
    owner,
    entries: {
      idFaceRejected: idFace.id,
      otherRejected: otherEntry.id,
      bankCard: bank.id,
      enterprise: enterprise.id,
      studentCardRejected: byCard.id,
      studentMailbox: byMailbox.id,
    },
    files: {
      idFront,
      idBack,
      looseIdFront,
      looseIdBack,
      other,
      looseOther: await uploadedFile(t, owner, "other", "loose-other.png"),
      licence,
      looseLicence: await uploadedFile(t, owner, "licence", "loose-licence.png"),
      authorisation,
      looseAuthorisation: await uploadedFile(t, owner, "authorisation", "loose-letter.png"),
      studentCard,
      looseStudentCard: await uploadedFile(t, owner, "student_card", "loose-card.png"),
    },
    secrets: [
      faceIdNumber,
      bankIdNumber,
      looseIdNumber,
      faceName,
      looseName,
      bankName,
      cardNumber,
      passport,
      otherName,
      representative,
      cardStudentNumber,
      mailStudentNumber,
    ],
  };
}
