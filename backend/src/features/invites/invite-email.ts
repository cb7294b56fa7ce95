import { INVITE_EMAIL_TEXTS as T, withLocale } from "@caravan/common";
import type { MailMessage } from "../../adapters/mail/mailer.js";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The invitation e-mail, as plain text and HTML, in `locale`. Names and the group come from users, the sentences
 * from the catalogue: all escaped in the HTML.
 */
export function inviteEmail(
  p: { to: string; inviterName: string; groupName: string; link: string; expiresAt: Date },
  locale = "en",
): MailMessage {
  const until = p.expiresAt.toUTCString().replace(/:\d\d GMT$/, " UTC");
  return withLocale(locale, () => {
    const text = [T.intro(p.inviterName, p.groupName), "", T.joinAt(p.link), "", T.expires(until), T.ignore].join("\n");
    const html = `<!doctype html><html lang="${escapeHtml(locale)}"><body style="font-family:system-ui,sans-serif;color:#1a202c">
<p>${escapeHtml(T.intro(p.inviterName, p.groupName))}</p>
<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(T.join)}</a></p>
<p style="color:#4a5568;font-size:14px">${escapeHtml(T.openLink(p.link))}<br>${escapeHtml(T.expires(until))}
${escapeHtml(T.ignore)}</p></body></html>`;
    return { to: p.to, subject: T.subject(p.inviterName, p.groupName), text, html };
  });
}
