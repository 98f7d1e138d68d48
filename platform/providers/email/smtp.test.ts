/** The SMTP provider (nodemailer) against a local smtp-server on 127.0.0.1 that requires a login. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { noticeEmailConfirmation } from "../../modules/accounts/notice-email-confirmation";
import { SmtpEmailProvider } from "./smtp";
import { EmailSendError } from "./types";

interface Received {
  user: string | undefined;
  from: string | undefined;
  to: string[];
  data: string;
}

const USER = "mailer@gpu.example";
const PASSWORD = "s3cret-smtp-Pa55";
let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    // No TLS certificate on 127.0.0.1: offer no STARTTLS, allow AUTH in clear for this local test only.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onMailFrom(_address, session, callback) {
      if (!session.user) return callback(Object.assign(new Error("Authentication required"), { responseCode: 530 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          user: session.user as string | undefined,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  received.length = 0;
  vi.restoreAllMocks();
});

const url = (password = PASSWORD) =>
  `smtp://${encodeURIComponent(USER)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;

/** The text body of a received message, decoded from its transfer encoding. */
function textBody(data: string): string {
  const [head, ...rest] = data.split("\r\n\r\n");
  const body = rest.join("\r\n\r\n");
  if (/content-transfer-encoding: base64/i.test(head!))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/content-transfer-encoding: quoted-printable/i.test(head!))
    return Buffer.from(
      body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  return body;
}

/** The subject header, decoded from its RFC 2047 encoded words. */
function subject(data: string): string {
  const head = data.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
  const line = /^Subject: (.*)$/im.exec(head)?.[1] ?? "";
  return line
    .replace(/=\?utf-8\?B\?([^?]*)\?=\s*/gi, (_, b64: string) => Buffer.from(b64, "base64").toString("utf8"))
    .replace(/=\?utf-8\?Q\?([^?]*)\?=\s*/gi, (_, q: string) =>
      Buffer.from(
        q.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        "latin1",
      ).toString("utf8"),
    );
}

describe("SmtpEmailProvider", () => {
  it("logs in and delivers from MAIL_FROM to the address, with the subject and the Chinese body", async () => {
    const provider = new SmtpEmailProvider(url(), "算力云 <noreply@gpu.example>", () => {});
    const message = noticeEmailConfirmation(
      "ops@example.com",
      "13912345678",
      "https://gpu.example/confirmNoticeEmail?token=t",
    );
    await provider.send(message);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail).toMatchObject({ user: USER, from: "noreply@gpu.example", to: ["ops@example.com"] });
    expect(subject(mail!.data)).toBe("【算力云】请验证通知邮箱");
    expect(textBody(mail!.data)).toContain("算力云账号 139****5678 将本邮箱设为通知邮箱");
    expect(message.text).not.toContain("13912345678");
  });

  it("carries an attachment: its part names the file (RFC 2231, in Chinese) and holds its bytes", async () => {
    const provider = new SmtpEmailProvider(url(), "noreply@gpu.example", () => {});
    const content = new Uint8Array(3000).map((_, i) => (i * 7) % 256);
    await provider.send({
      to: "finance@example.com",
      subject: "【发票已开具】",
      text: "电子发票见附件",
      attachments: [{ filename: "发票-12.pdf", contentType: "application/pdf", content }],
    });
    const [mail] = received;
    const parts = mail!.data.split(/\r\n--[^\r\n]+\r\n/);
    const pdf = parts.find((part) => /content-type: application\/pdf/i.test(part));
    expect(pdf, "a part of type application/pdf").toBeDefined();
    const [head, ...body] = pdf!.split("\r\n\r\n");
    const unfolded = head!.replace(/\r\n[ \t]+/g, " ");
    expect(decodeURIComponent(/filename\*0?\*?=utf-8''([^;\s]+)/i.exec(unfolded)?.[1] ?? "")).toBe("发票-12.pdf");
    expect(unfolded).toMatch(/content-transfer-encoding: base64/i);
    const bytes = Buffer.from(
      body
        .join("")
        .split(/\r\n--/)[0]!
        .replace(/\s+/g, ""),
      "base64",
    );
    expect(new Uint8Array(bytes)).toEqual(content);
  });

  it("throws EmailSendError when the login is refused, without logging the password", async () => {
    const lines: string[] = [];
    const provider = new SmtpEmailProvider(url("wrong-password"), "noreply@gpu.example", (l) => lines.push(l));
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => lines.push(args.map(String).join(" "))),
    );
    await expect(provider.send({ to: "ops@example.com", subject: "测试", text: "正文" })).rejects.toThrow(
      EmailSendError,
    );
    expect(received).toEqual([]);
    expect(lines.join("\n")).toContain("code=EAUTH");
    expect(lines.join("\n")).not.toContain("wrong-password");
    expect(spies.length).toBe(5);
  });

  it("throws EmailSendError when the server cannot be reached", async () => {
    const provider = new SmtpEmailProvider("smtp://u:p@127.0.0.1:9", "noreply@gpu.example", () => {});
    await expect(provider.send({ to: "ops@example.com", subject: "测试", text: "正文" })).rejects.toThrow(
      EmailSendError,
    );
  });
});
