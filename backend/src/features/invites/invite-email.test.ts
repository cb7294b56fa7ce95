import { describe, expect, it } from "vitest";
import { addCatalog } from "@caravan/common";
import { inviteEmail } from "./invite-email.js";

const invite = {
  to: "pal@example.com",
  inviterName: "Olga <Owner>",
  groupName: "Fjords & friends",
  link: "https://caravan.example/join/abc",
  expiresAt: new Date("2026-12-09T10:30:00Z"),
};

describe("the invitation e-mail", () => {
  it("in English, word for word", () => {
    const mail = inviteEmail(invite);
    expect(mail.subject).toBe("Olga <Owner> invited you to Fjords & friends on Caravan");
    expect(mail.text).toBe(
      [
        'Olga <Owner> invited you to join "Fjords & friends" on Caravan.',
        "",
        "Join the group: https://caravan.example/join/abc",
        "",
        "This invitation works once and expires on Wed, 09 Dec 2026 10:30 UTC.",
        "If you did not expect it, you can ignore this e-mail.",
      ].join("\n"),
    );
    expect(mail.html).toContain("Olga &lt;Owner&gt; invited you to join &quot;Fjords &amp; friends&quot; on Caravan.");
    expect(mail.html).not.toContain("<Owner>");
  });

  it("in the language it is asked for, English for what its catalogue lacks", () => {
    // A made-up catalogue: the test reads that the language is used, not a translation's words.
    addCatalog("es", { "inviteEmail.subject": "{inviter} te invitó a {group} en Caravan" });
    const mail = inviteEmail(invite, "es");
    expect(mail.subject).toBe("Olga <Owner> te invitó a Fjords & friends en Caravan");
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).toContain("If you did not expect it, you can ignore this e-mail.");
  });
});
