import { describe, expect, it } from "vitest";
import { dirOf, matchLocale, parseAcceptLanguage, resolveLocale } from "./locales.js";
import { addCatalog, fromEnglish, loadCatalog, PSEUDO_LOCALE, t, withLocale } from "./index.js";
import { ERRORS, GROUP_TEXTS, VALIDATION } from "../messages.js";

describe("choosing the language", () => {
  it("orders Accept-Language by q, then by order, leaving out q=0 and *", () => {
    expect(parseAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual(["fr-CH", "fr", "en", "de"]);
    expect(parseAcceptLanguage("en;q=0.5, de")).toEqual(["de", "en"]);
    expect(parseAcceptLanguage("de;q=0, es")).toEqual(["es"]);
    expect(parseAcceptLanguage("")).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage("fr;q=abc, es")).toEqual(["es"]);
  });

  it("matches a tag to a supported language by its base", () => {
    expect(matchLocale("de-CH")).toBe("de");
    expect(matchLocale("AR_eg")).toBe("ar");
    expect(matchLocale("pt-BR")).toBeNull();
    expect(matchLocale("")).toBeNull();
  });

  it("profile, then cookie, then the browser's languages, then English", () => {
    const accepted = parseAcceptLanguage("pt-BR, es;q=0.9, de;q=0.8");
    expect(resolveLocale({ profile: "fr", cookie: "de", accepted })).toBe("fr");
    expect(resolveLocale({ profile: null, cookie: "de", accepted })).toBe("de");
    expect(resolveLocale({ profile: "xx", cookie: "zz", accepted })).toBe("es");
    expect(resolveLocale({ accepted: parseAcceptLanguage("de;q=0.2, ar;q=0.7") })).toBe("ar");
    expect(resolveLocale({ accepted: ["pt-BR", "ja"] })).toBe("en");
    expect(resolveLocale({})).toBe("en");
  });

  it("Arabic is written right to left, the others left to right", () => {
    expect(dirOf("ar")).toBe("rtl");
    expect(dirOf("ar-EG")).toBe("rtl");
    for (const locale of ["en", "de", "fr", "es"]) expect(dirOf(locale)).toBe("ltr");
  });
});

describe("texts in a language", () => {
  // A catalogue for a made-up language, so that the test does not depend on a translation's words.
  addCatalog("de", {
    "chat.title": "Gruppennachrichten",
    "group.membersCount": "{count, plural, one {# Mitglied} other {# Mitglieder}}",
    "errors.groupNotFound": "Gruppe nicht gefunden",
    "oauthErrors.oauthFailed": "Die Anmeldung mit {provider} wurde nicht abgeschlossen.",
    "inviteEmail.subject": "{inviter} hat dich zu {group} auf Caravan eingeladen",
  });

  it("renders the active language, English for keys it lacks, and plurals by the language's rules", () => {
    expect(withLocale("de", () => t("chat.title"))).toBe("Gruppennachrichten");
    expect(withLocale("de", () => GROUP_TEXTS.membersCount(1))).toBe("1 Mitglied");
    expect(withLocale("de", () => GROUP_TEXTS.membersCount(3))).toBe("3 Mitglieder");
    expect(withLocale("de", () => t("chat.send"))).toBe("Send");
    expect(GROUP_TEXTS.membersCount(1)).toBe("1 member");
    expect(t("chat.title")).toBe("Group Messages");
  });

  it("finds an English server message's key again and renders it in the reader's language", () => {
    expect(fromEnglish(ERRORS.groupNotFound, "de")).toBe("Gruppe nicht gefunden");
    expect(fromEnglish(ERRORS.oauthFailed("Google"), "de")).toBe("Die Anmeldung mit Google wurde nicht abgeschlossen.");
    // Not translated yet: English.
    expect(fromEnglish(VALIDATION.firstNameRequired, "de")).toBe("First name is required");
    expect(fromEnglish("Some text of no catalogue", "de")).toBe("Some text of no catalogue");
    expect(fromEnglish(ERRORS.groupNotFound, "en")).toBe("Group not found");
    // Two placeholders, each taken up to the text that follows it.
    expect(fromEnglish("Ines invited you to Alps on Caravan on Caravan", "de")).toBe(
      "Ines hat dich zu Alps on Caravan auf Caravan eingeladen",
    );
    expect(fromEnglish(" invited you to Alps on Caravan", "de")).toBe(" invited you to Alps on Caravan");
  });
});

describe("the pseudo-language", () => {
  it("is chosen by the cookie alone, below a profile's language", () => {
    expect(resolveLocale({ cookie: PSEUDO_LOCALE, accepted: ["de"] })).toBe(PSEUDO_LOCALE);
    expect(resolveLocale({ profile: "fr", cookie: PSEUDO_LOCALE })).toBe("fr");
    expect(resolveLocale({ accepted: [PSEUDO_LOCALE] })).toBe("en");
  });

  it("accents every text and makes it about 40 % longer, keeping placeholders and plurals", async () => {
    await loadCatalog(PSEUDO_LOCALE);
    const title = withLocale(PSEUDO_LOCALE, () => t("chat.title"));
    expect(title).toBe("[Ĝŕöûþ Méššáĝéš~~~~~ ~]");
    expect(title.length).toBeGreaterThanOrEqual(Math.round("Group Messages".length * 1.4));
    // A long text's padding wraps like words.
    expect(withLocale(PSEUDO_LOCALE, () => t("privacy.groupLocations"))).not.toMatch(/~{6}/);
    expect(withLocale(PSEUDO_LOCALE, () => GROUP_TEXTS.membersCount(3))).toMatch(/^3 \[ɱéɱƀéŕš[~ ]+\]$/);
    expect(withLocale(PSEUDO_LOCALE, () => t("invite.pendingBy", { name: "Ines" }))).toMatch(
      /^\[Çŕéáţéð ƀý[~ ]+\] Ines$/,
    );
    expect(t("chat.title")).toBe("Group Messages");
  });
});
