/** One plain-text email. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
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
