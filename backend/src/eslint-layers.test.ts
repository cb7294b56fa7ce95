import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The complaints of `rule` about `code` as if it were the file at `file` (a path from the repository root). */
async function problems(rule: string, file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}
const layers = (file: string, code: string) => problems("caravan-backend/layers", `backend/src/${file}`, code);

// Each test loads the TypeScript projects for the import resolver: seconds on a busy two-core machine.
describe("the backend's layers, as the project's ESLint configuration enforces them", { timeout: 60_000 }, () => {
  it("fails a feature that imports another feature's internals or its service's values", async () => {
    expect(
      await layers(
        "features/trackers/x.ts",
        'import { LocationWrites } from "../locations/location-writes.js";\nexport const w = LocationWrites;\n',
      ),
    ).toEqual([expect.stringContaining("internals of feature 'locations'")]);
    expect(
      await layers(
        "features/account/x.ts",
        'export { NotificationsService } from "../notifications/notifications.service.js";\n' +
          'export const load = () => import("../groups/groups.routes.js");\n',
      ),
    ).toHaveLength(2);
  });

  it("lets a feature use another's entry, presenters, DTOs and service type, its own files and shared layers", async () => {
    expect(
      await layers(
        "features/account/x.ts",
        'import { coverKeyOf } from "../uploads/index.js";\n' +
          'import { presentGroup } from "../groups/groups.presenter.js";\n' +
          'import { LocationUpdateDto } from "../locations/locations.dto.js";\n' +
          'import type { AuthService } from "../auth/auth.service.js";\n' +
          'import { type NotificationsService } from "../notifications/notifications.service.js";\n' +
          'import { AccountService } from "./account.service.js";\n' +
          'import { firstNameOf } from "../../lib/notice-text.js";\n' +
          "export type T = AuthService | NotificationsService;\n" +
          "export const all = [coverKeyOf, presentGroup, LocationUpdateDto, AccountService, firstNameOf];\n",
      ),
    ).toEqual([]);
  });
});

describe("the shared layers, as the project's ESLint configuration enforces them", { timeout: 60_000 }, () => {
  it("fails a shared layer that imports a feature, whatever it imports of it", async () => {
    expect(
      await layers(
        "http/x.ts",
        'import { clientConfig } from "../features/auth/client-config.js";\n' +
          'import { coverKeyOf } from "../features/uploads/index.js";\n' +
          "export const all = [clientConfig, coverKeyOf];\n",
      ),
    ).toEqual([
      expect.stringContaining("shared layer 'http' depend on feature 'auth'"),
      expect.stringContaining("shared layer 'http' depend on feature 'uploads'"),
    ]);
  });

  it("lets a shared layer import other shared layers and common", async () => {
    expect(
      await layers(
        "http/x.ts",
        'import { AccessDenied } from "../access/errors.js";\n' +
          'import { ERRORS } from "@caravan/common";\n' +
          "export const all = [AccessDenied, ERRORS];\n",
      ),
    ).toEqual([]);
  });
});

describe("import cycles, as the project's ESLint configuration refuses them", { timeout: 60_000 }, () => {
  it("passes a backend module whose imports lead nowhere back to it", async () => {
    expect(
      await problems("import-x/no-cycle", "backend/src/http/errors.ts", 'export * from "./json-body.js";\n'),
    ).toEqual([]);
  });

  it("fails a backend module that imports one that imports it back", async () => {
    // error-middleware.ts imports errors.ts: errors.ts importing it closes a cycle.
    expect(
      await problems("import-x/no-cycle", "backend/src/http/errors.ts", 'export * from "./error-middleware.js";\n'),
    ).toEqual([expect.stringContaining("cycle")]);
  });

  it("fails a frontend module that closes a cycle, and ignores one closed by types only", async () => {
    // world-parts.ts imports world.ts for a type only; world-countries.ts imports world-parts.ts for values.
    const file = "frontend/src/components/map/world-parts.ts";
    expect(await problems("import-x/no-cycle", file, 'export * from "./world-countries";\n')).toEqual([
      expect.stringContaining("cycle"),
    ]);
    expect(await problems("import-x/no-cycle", file, 'export type { WorldGeometry } from "./world";\n')).toEqual([]);
  });
});
