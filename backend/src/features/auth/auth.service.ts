import { randomUUID } from "node:crypto";
import type { DataSource } from "typeorm";
import { endSessionsOf } from "../../http/session-store.js";
import { ACCOUNT_TEXTS, ERRORS, type CurrentUser, type OAuthProvider } from "@caravan/common";
import { User } from "../../db/entities/index.js";
import type { Realtime } from "../../realtime/publisher.js";
import { conflict, HttpError, PG, pgCode } from "../../http/errors.js";
import type { ProfileDto, SignupDto } from "./auth.dto.js";
import { preparedQuery } from "../../db/prepared.js";
import type { PasswordHasher } from "./password-hasher.js";
import { presentCurrentUser } from "./user.presenter.js";

/** A user's row as GET /api/auth/user presents it: the fields it shows and whether there is a password. */
const CURRENT_USER_SQL = `SELECT "id", "email", "first_name" AS "firstName", "last_name" AS "lastName",
  "profile_image_url" AS "profileImageUrl", "provider", "created_at" AS "createdAt", "language",
  "hashed_password" IS NOT NULL AS "hasPassword"
  FROM "users" WHERE "id" = $1`;

type CurrentUserRow = Parameters<typeof presentCurrentUser>[0] & { hasPassword: boolean };

export interface ProviderProfile {
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

export class AuthService {
  /** Verified against when the e-mail is unknown, so both answers take the same time. */
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly realtime: Pick<Realtime, "endUser"> = {},
  ) {}

  private get users() {
    return this.db.getRepository(User);
  }

  async signup(dto: SignupDto): Promise<User> {
    const hashedPassword = await this.hasher.hash(dto.password);
    const user = this.users.create({
      id: randomUUID(),
      email: dto.email,
      firstName: dto.firstName,
      lastName: dto.lastName,
      profileImageUrl: null,
      hashedPassword,
      provider: "local",
    });
    try {
      await this.users.insert(user);
    } catch (err) {
      if (pgCode(err) === PG.uniqueViolation) throw conflict(ERRORS.emailTaken);
      throw err;
    }
    return (await this.findById(user.id))!;
  }

  /** The user whose e-mail and password these are, or a 401 that does not say which one was wrong. */
  async verifyCredentials(email: string, password: string): Promise<User> {
    const row = await this.users
      .createQueryBuilder("u")
      .addSelect("u.hashedPassword")
      .where("u.email = :email", { email })
      .getOne();
    // Awaited for a known address too: the first sign-in after start makes the stand-in hash either way, so that
    // one does not tell an unknown address by its extra time.
    const standIn = await this.getDummyHash();
    const hash = row?.hashedPassword ?? standIn;
    const ok = await this.hasher.verify(hash, password);
    if (!row || !row.hashedPassword || !ok) throw new HttpError(401, ERRORS.invalidCredentials);
    if (this.hasher.isWeakerThanCost(row.hashedPassword)) await this.rehash(row.id, row.hashedPassword, password);
    return row;
  }

  /**
   * The password hashed again at the current cost (HASH_MEMORY_MIB, HASH_PASSES), in place of a weaker hash, as the
   * user signs in with it: the one moment the password is known. Only if the stored hash is still the one verified,
   * so that a password changed meanwhile stays changed.
   */
  private async rehash(userId: string, verified: string, password: string): Promise<void> {
    const stronger = await this.hasher.hash(password);
    await this.db.query(`UPDATE "users" SET "hashed_password" = $1 WHERE "id" = $2 AND "hashed_password" = $3`, [
      stronger,
      userId,
      verified,
    ]);
  }

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /**
   * The signed-in user's own view of their account (GET /api/auth/user, which every page load of a signed-in user
   * asks for), in one prepared statement rather than loading the entity and asking about the password apart.
   */
  async currentUser(id: string): Promise<CurrentUser | null> {
    const [row] = await preparedQuery<CurrentUserRow>(this.db, "current-user", CURRENT_USER_SQL, [id]);
    return row ? presentCurrentUser(row, row.hasPassword) : null;
  }

  /** `user`, just read or written, as GET /api/auth/user answers (an account gone since then has no password). */
  async present(user: User): Promise<CurrentUser> {
    return (await this.currentUser(user.id)) ?? presentCurrentUser(user, false);
  }

  /**
   * Whether the confirmation of an account deletion is right: the password for an account that has one, else the
   * account's e-mail address typed out. Missing: 400; wrong: 401. Nothing is changed either way.
   */
  async confirmIdentity(id: string, confirmation: { password?: string; email?: string }): Promise<void> {
    const row = await this.users
      .createQueryBuilder("u")
      .addSelect("u.hashedPassword")
      .where("u.id = :id", { id })
      .getOne();
    if (!row) throw new HttpError(401, ERRORS.invalidCredentials);
    if (row.hashedPassword) {
      if (!confirmation.password) throw new HttpError(400, ACCOUNT_TEXTS.passwordRequired);
      if (!(await this.hasher.verify(row.hashedPassword, confirmation.password))) {
        throw new HttpError(401, ACCOUNT_TEXTS.passwordWrong);
      }
      return;
    }
    const typed = confirmation.email?.trim().toLowerCase();
    if (!typed) throw new HttpError(400, ACCOUNT_TEXTS.emailRequired);
    if (!row.email || typed !== row.email.trim().toLowerCase()) throw new HttpError(401, ACCOUNT_TEXTS.emailWrong);
  }

  async updateProfile(userId: string, dto: ProfileDto): Promise<User> {
    await this.users.update({ id: userId }, { firstName: dto.firstName, lastName: dto.lastName });
    return (await this.findById(userId))!;
  }

  /** Saves the language of the user's texts (null: the browser's), on every device they sign in on. */
  async setLanguage(userId: string, language: string | null): Promise<User> {
    await this.users.update({ id: userId }, { language });
    return (await this.findById(userId))!;
  }

  /**
   * Signs in through an identity provider: the account with this verified e-mail, or a new one. An unverified e-mail
   * is refused, since linking on it would let anyone claim an existing account.
   *
   * An account whose address was never proven (an e-mail/password sign-up) is taken over rather than linked: its
   * password is dropped and every session it has ends, here and, for sockets, on every node. Otherwise whoever signed
   * up first with someone else's address would keep a password into the account its owner now uses
   * (docs/decisions/0009-account-linking.md). A proven account links as before.
   */
  async signInWithProvider(provider: OAuthProvider, profile: ProviderProfile): Promise<User> {
    if (!profile.emailVerified) throw new HttpError(403, ERRORS.oauthEmailUnverified(provider));
    const email = profile.email.trim().toLowerCase();
    const firstName = profile.firstName?.slice(0, 50) ?? null;
    const lastName = profile.lastName?.slice(0, 50) ?? null;
    let takenOver: string | null = null;
    const user = await this.db.transaction(async (em) => {
      const users = em.getRepository(User);
      const existing = await users
        .createQueryBuilder("u")
        .setLock("pessimistic_write")
        .where("u.email = :email", { email })
        .getOne();
      if (existing?.emailVerifiedAt) {
        await users.update(
          { id: existing.id },
          {
            provider,
            firstName: existing.firstName ?? firstName,
            lastName: existing.lastName ?? lastName,
            profileImageUrl: existing.profileImageUrl ?? profile.picture,
          },
        );
        return existing.id;
      }
      if (existing) {
        // The names and picture were chosen by whoever signed up: the address's owner gets the provider's.
        await users.update(
          { id: existing.id },
          {
            provider,
            hashedPassword: null,
            emailVerifiedAt: new Date(),
            firstName: firstName ?? existing.firstName,
            lastName: lastName ?? existing.lastName,
            profileImageUrl: profile.picture,
          },
        );
        await endSessionsOf(em, existing.id);
        takenOver = existing.id;
        return existing.id;
      }
      const id = randomUUID();
      await users
        .createQueryBuilder()
        .insert()
        .values({
          id,
          email,
          firstName,
          lastName,
          profileImageUrl: profile.picture,
          hashedPassword: null,
          emailVerifiedAt: new Date(),
          provider,
        })
        .orIgnore()
        .execute();
      // A concurrent first sign-in may have created it: read by e-mail, not by the id we tried.
      return (await users.findOneByOrFail({ email })).id;
    });
    if (takenOver) await this.realtime.endUser?.(takenOver);
    return (await this.findById(user))!;
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomUUID());
    return this.dummyHash;
  }
}
