import { randomUUID } from "node:crypto";
import argon2 from "argon2";
import type { DataSource } from "typeorm";
import { ERRORS, type OAuthProvider } from "@caravan/common";
import { User } from "../../db/entities/index.js";
import { conflict, HttpError, PG, pgCode } from "../../http/errors.js";
import type { ProfileDto, SignupDto } from "./auth.dto.js";

const HASH_OPTIONS = { type: argon2.argon2id } as const;

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

  constructor(private readonly db: DataSource) {}

  private get users() {
    return this.db.getRepository(User);
  }

  async signup(dto: SignupDto): Promise<User> {
    const hashedPassword = await argon2.hash(dto.password, HASH_OPTIONS);
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
    const hash = row?.hashedPassword ?? (await this.getDummyHash());
    const ok = await argon2.verify(hash, password).catch(() => false);
    if (!row || !row.hashedPassword || !ok) throw new HttpError(401, ERRORS.invalidCredentials);
    return row;
  }

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  async updateProfile(userId: string, dto: ProfileDto): Promise<User> {
    await this.users.update({ id: userId }, { firstName: dto.firstName, lastName: dto.lastName });
    return (await this.findById(userId))!;
  }

  /**
   * Signs in through an identity provider: the account with this verified e-mail, linked to the provider, or a new
   * one. An unverified e-mail is refused, since linking on it would let anyone claim an existing account.
   */
  async signInWithProvider(provider: OAuthProvider, profile: ProviderProfile): Promise<User> {
    if (!profile.emailVerified) throw new HttpError(403, ERRORS.oauthEmailUnverified(provider));
    const email = profile.email.trim().toLowerCase();
    const existing = await this.users.findOneBy({ email });
    if (existing) {
      await this.users.update(
        { id: existing.id },
        {
          provider,
          firstName: existing.firstName ?? profile.firstName,
          lastName: existing.lastName ?? profile.lastName,
          profileImageUrl: existing.profileImageUrl ?? profile.picture,
        },
      );
      return (await this.findById(existing.id))!;
    }
    const id = randomUUID();
    await this.users
      .createQueryBuilder()
      .insert()
      .values({
        id,
        email,
        firstName: profile.firstName?.slice(0, 50) ?? null,
        lastName: profile.lastName?.slice(0, 50) ?? null,
        profileImageUrl: profile.picture,
        hashedPassword: null,
        provider,
      })
      .orIgnore()
      .execute();
    // A concurrent first sign-in may have created it: read by e-mail, not by the id we tried.
    return (await this.users.findOneBy({ email }))!;
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= argon2.hash(randomUUID(), HASH_OPTIONS);
    return this.dummyHash;
  }
}
