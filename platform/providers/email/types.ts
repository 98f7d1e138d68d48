/** A file sent with an email (an issued invoice's PDF). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** One plain-text email, with the files it carries. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: EmailAttachment[];
}

/** Sends email (notice email): the sandbox outbox, or SMTP, chosen by EMAIL_PROVIDER. */
export interface EmailProvider {
  /** Resolves once the message was accepted; throws EmailSendError when it was not. */
  send(message: EmailMessage): Promise<void>;
}

/** The mail server did not take the message. */
export class EmailSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmailSendError";
  }
}
