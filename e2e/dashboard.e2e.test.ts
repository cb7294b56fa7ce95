import { setTimeout as sleep } from "node:timers/promises";
import { TOASTS, VALIDATION } from "@caravan/common";
import { describe, expect, it } from "vitest";
import { PHONE, horizontalOverflow, screenshot, signUpViaApi, useE2E } from "./harness";
import { layoutShift, recordLayoutShift } from "./layout";
import { dialog, expectDialogView, expectErrorBeneath, expectUrl, gone, toast, visible } from "./ui";

const e2e = useE2E();

describe("home dashboard", () => {
  it("greets the user above the groups area, with the bell and the user menu", async () => {
    const user = await signUpViaApi(e2e(), { firstName: "Mary", lastName: "Kingsley" });
    const page = await e2e().signedInPage(user);
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    await visible(page.getByText("Welcome back, Mary!", { exact: true }));
    await visible(page.getByRole("button", { name: "Notifications" }));
    // The red dot shows only with unread notifications, and a new account has none.
    expect(await page.getByTestId("notification-dot").count()).toBe(0);
    await visible(page.getByRole("button", { name: "Open user menu" }));
    await visible(page.getByText("No travel groups yet", { exact: true }));
    await visible(page.getByRole("button", { name: "Create Your First Group" }));
    await screenshot(page, "dashboard-desktop");

    await page.getByRole("button", { name: "Open user menu" }).click();
    await visible(page.getByRole("menuitem", { name: "Profile" }));
    await visible(page.getByRole("menuitem", { name: "Logout" }));
    await screenshot(page, "dashboard-user-menu-desktop", false);
  });

  it("fits a 375 px phone", async () => {
    const user = await signUpViaApi(e2e());
    const page = await e2e().signedInPage(user, { viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto("/");
    await visible(page.getByText(`Welcome back, ${user.firstName}!`, { exact: true }));
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, "dashboard-phone");
  });

  it("moves nothing on screen as its reads arrive, when the live links answer last", async () => {
    const user = await signUpViaApi(e2e(), { firstName: "Gertrude", lastName: "Bell" });
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: user.email, password: user.password });
    expect((await client.post("/api/groups", { name: "Desert Crossing", status: "active" })).status).toBe(201);
    expect((await client.post("/api/shared-trips", { durationHours: 2 })).status).toBe(201);

    const page = await e2e().signedInPage(user, { viewport: PHONE, isMobile: true, hasTouch: true });
    // The live links come above the groups: answered last, they would push down the groups already drawn.
    await page.route("**/api/shared-trips", async (route) => {
      await sleep(1500);
      await route.continue();
    });
    await recordLayoutShift(page);
    await page.goto("/");
    await visible(page.getByTestId("active-shared-trips"));
    await visible(page.getByRole("heading", { name: "Desert Crossing" }));
    // Chromium's cumulative layout shift: 0.39 when the groups were drawn before the links came.
    expect(await layoutShift(page)).toBeLessThan(0.01);
  });

  it("edits the profile with validation, then shows the new name", async () => {
    const user = await signUpViaApi(e2e(), { firstName: "Isabella", lastName: "Bird" });
    const page = await e2e().signedInPage(user);
    await page.goto("/");
    await page.getByRole("button", { name: "Open user menu" }).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expectDialogView(page, "User Profile");
    const d = dialog(page);
    expect(await d.getByLabel("First Name", { exact: true }).inputValue()).toBe("Isabella");
    expect(await d.getByLabel("Last Name", { exact: true }).inputValue()).toBe("Bird");
    await screenshot(page, "dialog-profile-desktop", false);

    await d.getByLabel("First Name", { exact: true }).fill("");
    await d.getByLabel("Last Name", { exact: true }).fill("y".repeat(51));
    await d.getByRole("button", { name: "Save Changes" }).click();
    await expectErrorBeneath(d, "First Name", VALIDATION.firstNameRequired);
    await expectErrorBeneath(d, "Last Name", VALIDATION.lastNameTooLong);

    await d.getByLabel("First Name", { exact: true }).fill("Isabel");
    await d.getByLabel("Last Name", { exact: true }).fill("Bishop");
    await d.getByRole("button", { name: "Save Changes" }).click();
    expect(await toast(page, TOASTS.profileUpdatedTitle)).toContain(TOASTS.profileUpdatedText);
    await gone(d);
    await visible(page.getByText("Welcome back, Isabel!", { exact: true }));

    const me = await page.context().request.get("/api/auth/user");
    expect(await me.json()).toMatchObject({ firstName: "Isabel", lastName: "Bishop" });
  });

  it("logs out through the user menu", async () => {
    const user = await signUpViaApi(e2e());
    const page = await e2e().signedInPage(user);
    await page.goto("/");
    await page.getByRole("button", { name: "Open user menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "Travel Together, Stay Connected" }));
    expect(new URL(page.url()).pathname).toBe("/");
    expect((await page.context().request.get("/api/auth/user")).status()).toBe(401);
  });

  it("an expired session says so and goes back to sign-in", async () => {
    const user = await signUpViaApi(e2e(), { firstName: "Nellie" });
    const page = await e2e().signedInPage(user);
    await page.goto("/");
    await visible(page.getByText("Welcome back, Nellie!", { exact: true }));
    await page.context().clearCookies();

    await page.getByRole("button", { name: "Open user menu" }).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await dialog(page).getByRole("button", { name: "Save Changes" }).click();
    expect(await toast(page, TOASTS.unauthorizedTitle)).toContain(TOASTS.unauthorizedText);
    await expectUrl(page, (u) => u.pathname === "/" && u.searchParams.get("signin") === "1");
    await expectDialogView(page, "Sign In");
  });
});
