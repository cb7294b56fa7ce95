import type { MailMessage } from "../../adapters/mail/mailer.js";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The invitation e-mail, as plain text and HTML. Names and the group come from users: escaped in the HTML. */
export function inviteEmail(p: {
  to: string;
  inviterName: string;
  groupName: string;
  link: string;
  expiresAt: Date;
}): MailMessage {
  const until = p.expiresAt.toUTCString().replace(/:\d\d GMT$/, " UTC");
  const text = [
    `${p.inviterName} invited you to join "${p.groupName}" on Caravan.`,
    "",
    `Join the group: ${p.link}`,
    "",
    `This invitation works once and expires on ${until}.`,
    "If you did not expect it, you can ignore this e-mail.",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a202c">
<p><strong>${escapeHtml(p.inviterName)}</strong> invited you to join <strong>${escapeHtml(p.groupName)}</strong> on Caravan.</p>
<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#fff;border-radius:6px;text-decoration:none">Join the group</a></p>
<p style="color:#4a5568;font-size:14px">Or open this link: ${escapeHtml(p.link)}<br>This invitation works once and expires on ${escapeHtml(until)}.
If you did not expect it, you can ignore this e-mail.</p></body></html>`;
  return { to: p.to, subject: `${p.inviterName} invited you to ${p.groupName} on Caravan`, text, html };
}
