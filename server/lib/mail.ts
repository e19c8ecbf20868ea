import nodemailer from 'nodemailer';

/** One plain-text e-mail. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Fills `{key}` placeholders of a mail's line in one pass, so a value that itself holds a
 * placeholder (a user named "{link}") is written as it is, never filled in turn.
 */
export function fillLine(line: string, values: Record<string, string | number>): string {
  return line.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** Outgoing e-mail; the app has one only when SMTP_URL is set (docs/product.md "Your own account"). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A mailer over SMTP: `smtp://` upgrades with STARTTLS when the server offers it, `smtps://` is TLS from the start. */
export function createSmtpMailer(mail: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(mail.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: mail.from, ...message });
    },
    close: () => transport.close(),
  };
}

/** Sends still under way: the server waits for them when it closes, so a link asked for is not lost. */
export class PendingMail {
  private readonly sends = new Set<Promise<void>>();
  add(send: Promise<void>) {
    const tracked = send.finally(() => this.sends.delete(tracked));
    this.sends.add(tracked);
  }
  async settle() {
    await Promise.allSettled([...this.sends]);
  }
}
