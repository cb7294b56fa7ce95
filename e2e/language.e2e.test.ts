import {
  GROUP_TEXTS,
  LANGUAGE_COOKIE,
  LANGUAGE_NAMES,
  LOCATION_TEXTS,
  loadCatalog,
  PSEUDO_LOCALE,
  USER_MENU_TEXTS,
  withLocale,
} from "@caravan/common";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { groupWithMember, horizontalOverflow, screenshot, signUpViaApi, useE2E } from "./harness";
import { visible } from "./ui";

const e2e = useE2E();

beforeAll(async () => {
  await Promise.all(["de", "ar", PSEUDO_LOCALE].map((locale) => loadCatalog(locale)));
});

const htmlLangDir = (page: Page) =>
  page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`);

/** The user menu's button, named in the page's language `locale`. */
const userMenu = (page: Page, locale: string) =>
  page.getByRole("button", { name: withLocale(locale, () => USER_MENU_TEXTS.open("LV")) });

async function chooseLanguage(page: Page, from: string, name: string): Promise<void> {
  await userMenu(page, from).click();
  await page.getByRole("menuitemradio", { name }).click();
}

describe("the language", () => {
  it("chosen in the user menu changes the page at once, is saved to the profile and kept after a reload", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Lena", lastName: "Vogel" });
    const page = await e2e().signedInPage(owner);
    await page.goto("/");
    await visible(page.getByRole("heading", { name: GROUP_TEXTS.dashboardTitle }));
    expect(await htmlLangDir(page)).toBe("en ltr");
    // Set on the page's window: gone if the page were loaded again.
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

    await chooseLanguage(page, "en", LANGUAGE_NAMES.ar);
    await expect.poll(() => htmlLangDir(page)).toBe("ar rtl");
    await visible(page.getByRole("heading", { name: withLocale("ar", () => GROUP_TEXTS.dashboardTitle) }));
    await chooseLanguage(page, "ar", LANGUAGE_NAMES.de);
    await expect.poll(() => htmlLangDir(page)).toBe("de ltr");
    const title = withLocale("de", () => GROUP_TEXTS.dashboardTitle);
    await visible(page.getByRole("heading", { name: title }));
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    await expect
      .poll(async () => (await page.request.get("/api/auth/user")).json().then((u: { language: string }) => u.language))
      .toBe("de");

    // Another device, which never chose: the profile's language from the first page on, rendered by the server.
    const elsewhere = await e2e().signedInPage(owner, { locale: "fr-FR" });
    const res = await elsewhere.goto("/");
    expect(await res!.text()).toContain('<html lang="de" dir="ltr">');
    await visible(elsewhere.getByRole("heading", { name: title }));

    await page.reload();
    expect(await htmlLangDir(page)).toBe("de ltr");
    await userMenu(page, "de").click();
    await expect
      .poll(() => page.getByRole("menuitemradio", { name: LANGUAGE_NAMES.de }).getAttribute("aria-checked"))
      .toBe("true");
  });

  it("in the pseudo-language, longer and accented, every text of the dashboard and a group page fits at 320 px", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Maximiliane", lastName: "Oberhollenzer" });
    const member = await signUpViaApi(e2e(), { firstName: "Bartholomäus", lastName: "Wiesengrund" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Alpenüberquerung", status: "active" });
    const page = await e2e().signedInPage(owner, { viewport: { width: 320, height: 700 } });
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: PSEUDO_LOCALE, url: e2e().baseUrl }]);

    await page.goto("/");
    await visible(page.getByRole("heading", { name: withLocale(PSEUDO_LOCALE, () => GROUP_TEXTS.dashboardTitle) }));
    expect(await htmlLangDir(page)).toBe(`${PSEUDO_LOCALE} ltr`);
    await page.waitForFunction(() => !document.querySelector("[data-server-rendered]"));
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, "pseudo-language-dashboard-320");

    await page.goto(`/groups/${groupId}`);
    await visible(page.getByText(withLocale(PSEUDO_LOCALE, () => LOCATION_TEXTS.cardTitle)).first());
    await page.waitForFunction(() => !document.querySelector("[data-server-rendered]"));
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, "pseudo-language-group-320");
  });
});
