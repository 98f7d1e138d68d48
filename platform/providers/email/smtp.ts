import nodemailer, { type Transporter } from "nodemailer";
import { EmailSendError, type EmailMessage, type EmailProvider } from "./types";

/**
 * Email through an SMTP server (nodemailer): `SMTP_URL` such as
 * smtps://user:pass@smtp.example.com:465, `MAIL_FROM` as the sender. A refused
 * or unreachable server throws EmailSendError; the log line never carries the
 * URL (it holds the password).
 */
export class SmtpEmailProvider implements EmailProvider {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(message: EmailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: (message.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.content),
        })),
      });
    } catch (error) {
      const e = error as { code?: unknown; responseCode?: unknown };
      const code = typeof e.code === "string" ? e.code : "UNKNOWN";
      const status = typeof e.responseCode === "number" ? ` smtp=${e.responseCode}` : "";
      this.log(`[email:smtp] send failed to=${message.to} code=${code}${status}`);
      throw new EmailSendError(`SMTP refused the message: ${code}`);
    }
  }
}
