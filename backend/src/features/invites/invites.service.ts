import { randomBytes } from "node:crypto";
import { IsNull, MoreThan, type DataSource } from "typeorm";
import { ERRORS, displayName, resolveLocale, rooms, type PendingInvite } from "@caravan/common";
import type { Mailer } from "../../adapters/mail/mailer.js";
import type { Config } from "../../config.js";
import { Group, GroupInvite, GroupMembership, GroupRemoval, User } from "../../db/entities/index.js";
import { forbidden, gone, HttpError, notFound } from "../../http/errors.js";
import type { Logger } from "../../logger.js";
import type { Realtime } from "../../realtime/publisher.js";
import { presentPublicUser } from "../auth/user.presenter.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import { inviteEmail } from "./invite-email.js";

/** 256 bits from the CSPRNG, URL-safe: an invite token is the only key to the group. */
export const newInviteToken = () => randomBytes(32).toString("base64url");

export interface InvitePreview {
  groupId: number;
  /** Whether the signed-in viewer already belongs to the group (false for a visitor). */
  member: boolean;
  group: { name: string; description: string | null; startDate: string | null; status: string };
}

export class InvitesService {
  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly mailer: Mailer,
    private readonly realtime: Realtime,
    private readonly log: Logger,
    private readonly notifications: NotificationsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private expiry(): Date {
    return new Date(this.now().getTime() + this.config.inviteTtlDays * 86_400_000);
  }

  joinLink(token: string): string {
    return `${this.config.publicUrl}/join/${token}`;
  }

  /** Stores a single-use invite and e-mails its link; if the e-mail cannot be handed over, the invite is withdrawn. */
  async inviteByEmail(group: Group, inviter: User, email: string): Promise<{ email: string; expiresAt: string }> {
    const invite = await this.db.getRepository(GroupInvite).save({
      groupId: group.id,
      inviterUserId: inviter.id,
      email,
      inviteToken: newInviteToken(),
      expiresAt: this.expiry(),
      usedAt: null,
    });
    try {
      // In the invitee's language when their account has one, else in the inviter's.
      const invitee = await this.db.getRepository(User).findOne({ where: { email }, select: { language: true } });
      await this.mailer.send(
        inviteEmail(
          {
            to: email,
            inviterName: displayName(inviter),
            groupName: group.name,
            link: this.joinLink(invite.inviteToken),
            expiresAt: invite.expiresAt,
          },
          resolveLocale({ profile: invitee?.language ?? inviter.language }),
        ),
      );
    } catch (err) {
      this.log.error({ err, groupId: group.id }, "invitation e-mail failed");
      await this.db.getRepository(GroupInvite).delete({ id: invite.id });
      throw new HttpError(502, ERRORS.inviteMailFailed);
    }
    return { email, expiresAt: invite.expiresAt.toISOString() };
  }

  /** A link anyone can use to join until it expires. */
  async createLink(group: Group, inviter: User): Promise<{ inviteToken: string; expiresAt: string }> {
    const invite = await this.db.getRepository(GroupInvite).save({
      groupId: group.id,
      inviterUserId: inviter.id,
      email: null,
      inviteToken: newInviteToken(),
      expiresAt: this.expiry(),
      usedAt: null,
    });
    return { inviteToken: invite.inviteToken, expiresAt: invite.expiresAt.toISOString() };
  }

  /** Invites that can still let someone in, newest first: unexpired links, and unexpired unused e-mail invites. */
  async pending(groupId: number): Promise<PendingInvite[]> {
    const now = this.now();
    const invites = await this.db.getRepository(GroupInvite).find({
      where: [
        { groupId, email: IsNull(), expiresAt: MoreThan(now) },
        { groupId, usedAt: IsNull(), expiresAt: MoreThan(now) },
      ],
      relations: { inviter: true },
      order: { createdAt: "DESC", id: "DESC" },
    });
    return invites.map((invite) => ({
      id: invite.id,
      kind: invite.email ? "email" : "link",
      email: invite.email,
      createdAt: invite.createdAt.toISOString(),
      expiresAt: invite.expiresAt.toISOString(),
      useCount: invite.useCount,
      invitedBy: presentPublicUser(invite.inviter!),
    }));
  }

  /** Deletes the invite, so its token stops working at once; 404 when the group has no such invite. */
  async revoke(groupId: number, inviteId: number): Promise<void> {
    const result = await this.db.getRepository(GroupInvite).delete({ id: inviteId, groupId });
    if (!result.affected) throw notFound(ERRORS.inviteGone);
  }

  /**
   * The invite behind `token`, unless unknown, expired or (unless `used` is "decided later") used. Accepting decides
   * on a used invite under its lock: its addressee, once in, hears "already a member" rather than "used".
   */
  private async usable(
    token: string,
    used: "refused" | "decided later" = "refused",
  ): Promise<GroupInvite & { group: Group }> {
    const invite = await this.db
      .getRepository(GroupInvite)
      .findOne({ where: { inviteToken: token }, relations: { group: true } });
    if (!invite || !invite.group) throw notFound(ERRORS.inviteNotFound);
    if (invite.expiresAt.getTime() <= this.now().getTime()) throw gone(ERRORS.inviteExpired);
    if (invite.usedAt && used === "refused") throw gone(ERRORS.inviteUsed);
    return invite as GroupInvite & { group: Group };
  }

  /** What the join page may show to anyone holding the link: the group's name and plans, nothing about people. */
  async preview(token: string, viewer: User | null): Promise<InvitePreview> {
    const { group } = await this.usable(token);
    // Only the signed-in viewer's own membership: the link holder learns nothing about anyone else.
    const member = viewer
      ? await this.db.getRepository(GroupMembership).existsBy({ groupId: group.id, userId: viewer.id })
      : false;
    return {
      groupId: group.id,
      member,
      group: {
        name: group.name,
        description: group.description,
        startDate: group.startDate?.toISOString() ?? null,
        status: group.status,
      },
    };
  }

  /**
   * Makes the user a member. Accepting again (or as an existing member) changes nothing and consumes nothing.
   * An e-mail invite is consumed in the same transaction, by a conditional update, so two people cannot share it.
   *
   * The invite row is locked first, with the lock its own update (use count, used at) needs: accepts of one invite
   * then run one after another. A shared lock taken first and upgraded later would let two accepts each hold the
   * shared lock and wait for the other's, which PostgreSQL ends by failing one of them (a deadlock).
   */
  async accept(token: string, user: User): Promise<{ groupId: number; alreadyMember: boolean }> {
    const invite = await this.usable(token, "decided later");
    const result = await this.db.transaction(async (tx) => {
      // Also holds off a revoke until this join commits; once revoked, the token lets nobody in.
      const live = await tx
        .getRepository(GroupInvite)
        .findOne({ where: { id: invite.id }, lock: { mode: "for_no_key_update" } });
      if (!live) throw notFound(ERRORS.inviteNotFound);
      // Read after the lock, so an accept that waited for another one by the same person sees that it joined.
      const existing = await tx.getRepository(GroupMembership).findOneBy({ groupId: invite.groupId, userId: user.id });
      if (existing) return { membership: existing, created: false };
      if (live.usedAt) throw gone(ERRORS.inviteUsed);
      const removal = await tx.getRepository(GroupRemoval).findOneBy({ groupId: invite.groupId, userId: user.id });
      if (removal) {
        // Only an invite made after the removal lets the person back in, and clears the removal.
        if (invite.createdAt.getTime() <= removal.removedAt.getTime()) throw forbidden(ERRORS.removedFromGroup);
        await tx.getRepository(GroupRemoval).delete({ groupId: invite.groupId, userId: user.id });
      }
      if (invite.email) {
        const consumed = await tx
          .createQueryBuilder()
          .update(GroupInvite)
          .set({ usedAt: this.now() })
          .where("id = :id AND used_at IS NULL", { id: invite.id })
          .execute();
        if (!consumed.affected) throw gone(ERRORS.inviteUsed);
      }
      const inserted = await tx
        .createQueryBuilder()
        .insert()
        .into(GroupMembership)
        .values({ groupId: invite.groupId, userId: user.id, role: "member" })
        .orIgnore()
        .returning("*")
        .execute();
      const created = (inserted.raw as unknown[]).length > 0;
      if (created) await tx.getRepository(GroupInvite).increment({ id: invite.id }, "useCount", 1);
      const membership = await tx
        .getRepository(GroupMembership)
        .findOneByOrFail({ groupId: invite.groupId, userId: user.id });
      return { membership, created };
    });
    if (result.created) {
      this.realtime.publish(rooms.group(invite.groupId), "member:joined", {
        groupId: invite.groupId,
        member: {
          userId: user.id,
          role: result.membership.role,
          joinedAt: result.membership.joinedAt.toISOString(),
          arrivedAt: null,
          user: presentPublicUser(user),
        },
      });
      await this.notifications.memberJoined(invite.group, user);
    }
    return { groupId: invite.groupId, alreadyMember: !result.created };
  }
}
