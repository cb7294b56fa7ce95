import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config.js";
import type { Logger } from "../../logger.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail. Resolves once the message is handed over (to the SMTP server, or written to the outbox). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer (SMTP_URL). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...m });
  }
  close(): void {
    this.transport.close();
  }
}

/**
 * The embedded default: each message is written as a complete .eml file to DATA_DIR/outbox and its recipient logged,
 * so a self-hoster without a mail server can see, open or forward what would have been sent.
 */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {}
  async send(m: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...m });
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(
      this.dir,
      `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`,
    );
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.log.info({ to: m.to, subject: m.subject, file }, "e-mail written to the outbox (SMTP_URL is not set)");
  }
  close(): void {}
}

export function createMailer(config: Config, log: Logger): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(path.join(config.dataDir, "outbox"), config.mailFrom, log);
}
