import { AUTH_TEXTS, VALIDATION } from "@caravan/common";
import { describe, expect, it } from "vitest";
import { PHONE, horizontalOverflow, screenshot, signUpViaApi, useE2E } from "./harness";
import { dialog, expectDialogView, expectErrorBeneath, expectUrl, gone, toast, visible } from "./ui";

const e2e = useE2E();

async function openDialog(page: import("playwright-core").Page) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
  await expectDialogView(page, "Join Caravan");
  return dialog(page);
}

describe("authentication dialog", () => {
  it("offers the providers, then e-mail sign-up or sign-in", async () => {
    const page = await e2e().newPage();
    const d = await openDialog(page);
    // No provider is set up on this server: the product's three buttons stay, disabled, and a note says why before a tap.
    const note = await visible(d.getByTestId("providers-not-configured"));
    expect(await note.innerText()).toBe(AUTH_TEXTS.providersNotConfigured(["Google", "Microsoft", "Yahoo"]));
    for (const name of ["Continue with Google", "Continue with Microsoft", "Continue with Yahoo"]) {
      const button = d.getByRole("button", { name });
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute("aria-describedby")).toBe(await note.getAttribute("id"));
    }
    expect(await d.getByRole("link", { name: /^Continue with/ }).count()).toBe(0);
    await visible(d.getByText("or", { exact: true }));
    await visible(d.getByRole("button", { name: "Create New Account" }));
    await visible(d.getByRole("button", { name: "Sign In with Email" }));
    await screenshot(page, "dialog-providers-desktop", false);
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await visible(note);
      await screenshot(page, `dialog-providers-${width}`, false);
      expect(await horizontalOverflow(page)).toBe(0);
    }

    await d.getByRole("button", { name: "Create New Account" }).click();
    await expectDialogView(page, "Create Account");
    await visible(d.getByRole("button", { name: "Already have an account? Sign in" }));
    await screenshot(page, "dialog-signup-desktop", false);

    await d.getByRole("button", { name: "Already have an account? Sign in" }).click();
    await expectDialogView(page, "Sign In");
    await visible(d.getByRole("button", { name: "Don't have an account? Sign up" }));
    await screenshot(page, "dialog-signin-desktop", false);

    await d.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await expectDialogView(page, "Create Account");
    await d.getByRole("button", { name: "Back to sign-in options" }).click();
    await expectDialogView(page, "Join Caravan");
  });

  it("shows each validation message beneath its field, then creates the account", async () => {
    const page = await e2e().newPage();
    const d = await openDialog(page);
    await d.getByRole("button", { name: "Create New Account" }).click();
    await expectDialogView(page, "Create Account");

    await d.getByRole("button", { name: "Create Account", exact: true }).click();
    await expectErrorBeneath(d, "First Name", VALIDATION.firstNameRequired);
    await expectErrorBeneath(d, "Last Name", VALIDATION.lastNameRequired);
    await expectErrorBeneath(d, "Email", VALIDATION.invalidEmail);
    await expectErrorBeneath(d, "Password", VALIDATION.passwordTooShort);
    await expectErrorBeneath(d, "Confirm Password", VALIDATION.passwordsDontMatch);
    await screenshot(page, "dialog-signup-errors-desktop", false);

    await d.getByLabel("First Name", { exact: true }).fill("x".repeat(51));
    await d.getByLabel("Email", { exact: true }).fill("not-an-address");
    await d.getByLabel("Password", { exact: true }).fill("lowercase1");
    await d.getByLabel("Confirm Password", { exact: true }).fill("different");
    await d.getByLabel("Confirm Password", { exact: true }).blur();
    await expectErrorBeneath(d, "First Name", VALIDATION.firstNameTooLong);
    await expectErrorBeneath(d, "Email", VALIDATION.invalidEmail);
    await expectErrorBeneath(d, "Password", VALIDATION.passwordComplexity);
    await expectErrorBeneath(d, "Confirm Password", VALIDATION.passwordsDontMatch);

    const email = `grace-${Date.now()}@example.com`;
    await d.getByLabel("First Name", { exact: true }).fill("Grace");
    await d.getByLabel("Last Name", { exact: true }).fill("Hopper");
    await d.getByLabel("Email", { exact: true }).fill(email);
    await d.getByLabel("Password", { exact: true }).fill("Compiler1952");
    await d.getByLabel("Confirm Password", { exact: true }).fill("Compiler1952");
    expect(await d.locator("[data-field-error]").count()).toBe(0);

    // Hold the request to see the pending state, then let it through.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/auth/signup", async (route) => {
      await held;
      await route.continue();
    });
    await d.getByRole("button", { name: "Create Account", exact: true }).click();
    const pending = await visible(d.getByRole("button", { name: "Creating Account..." }));
    expect(await pending.isDisabled()).toBe(true);
    release();

    expect(await toast(page, "Account Created")).toContain(
      "Your account has been created successfully. Please sign in.",
    );
    await expectDialogView(page, "Sign In");
    expect(await d.getByLabel("Email", { exact: true }).inputValue()).toBe(email);

    // The sign-up form was cleared.
    await d.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await expectDialogView(page, "Create Account");
    for (const label of ["First Name", "Last Name", "Email", "Password", "Confirm Password"]) {
      expect(await d.getByLabel(label, { exact: true }).inputValue()).toBe("");
    }

    const me = await e2e().app.client().post("/api/auth/signin", { email, password: "Compiler1952" });
    expect(me.status).toBe(200);
    expect(me.body.firstName).toBe("Grace");
  });

  it("refuses a second account with the same e-mail, with the server's message", async () => {
    const user = await signUpViaApi(e2e());
    const page = await e2e().newPage();
    const d = await openDialog(page);
    await d.getByRole("button", { name: "Create New Account" }).click();
    await d.getByLabel("First Name", { exact: true }).fill("Twin");
    await d.getByLabel("Last Name", { exact: true }).fill("Account");
    await d.getByLabel("Email", { exact: true }).fill(user.email.toUpperCase());
    await d.getByLabel("Password", { exact: true }).fill("Another2026");
    await d.getByLabel("Confirm Password", { exact: true }).fill("Another2026");
    await d.getByRole("button", { name: "Create Account", exact: true }).click();
    expect(await toast(page, "Sign Up Failed")).toContain("An account with this email already exists");
    await expectDialogView(page, "Create Account");
  });

  it("signs in and lands on the dashboard", async () => {
    const user = await signUpViaApi(e2e(), { firstName: "Katherine" });
    const page = await e2e().newPage();
    const d = await openDialog(page);
    await d.getByRole("button", { name: "Sign In with Email" }).click();
    await expectDialogView(page, "Sign In");

    await d.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectErrorBeneath(d, "Email", VALIDATION.invalidEmail);
    await expectErrorBeneath(d, "Password", VALIDATION.passwordRequired);

    await d.getByLabel("Email", { exact: true }).fill(user.email);
    await d.getByLabel("Password", { exact: true }).fill(user.password);
    await d.getByRole("button", { name: "Sign In", exact: true }).click();
    await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    await visible(page.getByText("Welcome back, Katherine!", { exact: true }));
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("shows the server's message when sign-in fails", async () => {
    const user = await signUpViaApi(e2e());
    const page = await e2e().newPage();
    const d = await openDialog(page);
    await d.getByRole("button", { name: "Sign In with Email" }).click();
    await d.getByLabel("Email", { exact: true }).fill(user.email);
    await d.getByLabel("Password", { exact: true }).fill("Wrong-password-1");
    await d.getByRole("button", { name: "Sign In", exact: true }).click();
    expect(await toast(page, "Sign In Failed")).toContain("Invalid email or password");
    await expectDialogView(page, "Sign In");
    expect(await d.getByRole("button", { name: "Sign In", exact: true }).isEnabled()).toBe(true);
  });

  it("show/hide toggles reveal the password", async () => {
    const page = await e2e().newPage();
    const d = await openDialog(page);
    await d.getByRole("button", { name: "Sign In with Email" }).click();
    const password = d.getByLabel("Password", { exact: true });
    await password.fill("Secret2026");
    expect(await password.getAttribute("type")).toBe("password");
    await d.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await d.getByRole("button", { name: "Hide password" }).click();
    expect(await password.getAttribute("type")).toBe("password");
  });

  it("closing returns to the providers view and clears both forms", async () => {
    const page = await e2e().newPage();
    const d = await openDialog(page);
    await d.getByRole("button", { name: "Create New Account" }).click();
    await d.getByLabel("First Name", { exact: true }).fill("Half");
    await d.getByRole("button", { name: "Already have an account? Sign in" }).click();
    await d.getByLabel("Email", { exact: true }).fill("half@example.com");
    await d.getByRole("button", { name: "Close" }).click();
    await gone(d);

    await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
    await expectDialogView(page, "Join Caravan");
    await d.getByRole("button", { name: "Sign In with Email" }).click();
    expect(await d.getByLabel("Email", { exact: true }).inputValue()).toBe("");
    await d.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    expect(await d.getByLabel("First Name", { exact: true }).inputValue()).toBe("");
  });

  it("after /api/login, signing in returns to the page that asked for it, and only on this site", async () => {
    const user = await signUpViaApi(e2e());
    const page = await e2e().newPage();
    await page.goto("/api/login?returnTo=%2Fsomewhere%2Felse");
    await expectUrl(page, (u) => u.searchParams.get("signin") === "1");
    await expectDialogView(page, "Sign In");
    const d = dialog(page);
    await d.getByLabel("Email", { exact: true }).fill(user.email);
    await d.getByLabel("Password", { exact: true }).fill(user.password);
    await d.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectUrl(page, (u) => u.pathname === "/somewhere/else");

    const other = await e2e().newPage();
    await other.goto("/?signin=1&returnTo=%2F%2Fevil.example");
    const d2 = dialog(other);
    await expectDialogView(other, "Sign In");
    await d2.getByLabel("Email", { exact: true }).fill(user.email);
    await d2.getByLabel("Password", { exact: true }).fill(user.password);
    await d2.getByRole("button", { name: "Sign In", exact: true }).click();
    await visible(other.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    expect(new URL(other.url()).origin).toBe(e2e().baseUrl);
  });

  it("fits a 375 px phone in every view", async () => {
    const page = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto("/");
    await page.getByRole("button", { name: "Start Coordinating" }).click();
    await expectDialogView(page, "Join Caravan");
    const d = dialog(page);
    await screenshot(page, "dialog-providers-phone", false);
    expect(await horizontalOverflow(page)).toBe(0);
    await d.getByRole("button", { name: "Create New Account" }).click();
    await expectDialogView(page, "Create Account");
    await d.getByRole("button", { name: "Create Account", exact: true }).click();
    await expectErrorBeneath(d, "Password", VALIDATION.passwordTooShort);
    await d.getByLabel("Password", { exact: true }).fill("lowercase1");
    await d.getByLabel("Password", { exact: true }).blur();
    await expectErrorBeneath(d, "Password", VALIDATION.passwordComplexity);
    await screenshot(page, "dialog-signup-phone", false);
    await d.getByRole("button", { name: "Already have an account? Sign in" }).click();
    await expectDialogView(page, "Sign In");
    await screenshot(page, "dialog-signin-phone", false);
  });
});
