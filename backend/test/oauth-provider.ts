/**
 * A real OAuth 2 / OpenID Connect server on loopback (oauth2-mock-server) standing in for an identity provider's
 * endpoints, with the checks a real provider makes that the mock leaves out: the token endpoint wants this client's
 * id and secret, and the userinfo endpoint wants an access token it issued.
 */
import net from "node:net";
import { OAuth2Server } from "oauth2-mock-server";

export interface TestProvider {
  server: OAuth2Server;
  /** The provider's origin, e.g. http://127.0.0.1:40123 */
  url: string;
  clientId: string;
  clientSecret: string;
  /** What the userinfo endpoint answers next (with `sub` added); tests change it per case. */
  userinfo: Record<string, unknown>;
  /** Settings that point the app's provider at this server, e.g. env("GOOGLE"). */
  env(prefix: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startTestProvider(): Promise<TestProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const url = server.issuer.url!.replace(/\/$/, "");
  const clientId = "caravan-test-client";
  const clientSecret = "caravan-test-secret";
  const issued = new Set<string>();

  const provider: TestProvider = {
    server,
    url,
    clientId,
    clientSecret,
    userinfo: {},
    env: (prefix) => ({
      [`${prefix}_CLIENT_ID`]: clientId,
      [`${prefix}_CLIENT_SECRET`]: clientSecret,
      [`${prefix}_AUTHORIZE_URL`]: `${url}/authorize`,
      [`${prefix}_ACCESS_URL`]: `${url}/token`,
      [`${prefix}_PROFILE_URL`]: `${url}/userinfo`,
    }),
    close: () => server.stop(),
  };

  server.service.on("beforeResponse", (response, req) => {
    const body = req.body as Record<string, unknown>;
    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      response.statusCode = 401;
      response.body = { error: "invalid_client" };
      return;
    }
    const token = (response.body as { access_token?: unknown }).access_token;
    if (typeof token === "string") issued.add(token);
  });

  server.service.on("beforeUserinfo", (response, req) => {
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith("Bearer ") || !issued.has(auth.slice(7))) {
      response.statusCode = 401;
      response.body = { error: "invalid_token" };
      return;
    }
    response.body = { sub: "johndoe", ...provider.userinfo };
  });

  return provider;
}

/** A port that was free a moment ago, so an app can be told its own public URL before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
