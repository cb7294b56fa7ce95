/** Seeding helpers: put rows straight into the database when a test is about something else. */
import { Group, GroupMembership } from "../src/db/entities/index.js";
import type { Realtime } from "../src/realtime/publisher.js";
import type { BuiltUser, TestApp } from "./harness.js";

/** A group owned by `owner` with `members` as plain members; returns its id. */
export async function buildGroup(
  app: TestApp,
  owner: BuiltUser,
  options: { members?: BuiltUser[] } & Partial<
    Pick<Group, "name" | "description" | "status" | "startDate" | "endDate">
  > = {},
): Promise<number> {
  const { members = [], ...fields } = options;
  const { identifiers } = await app.db.getRepository(Group).insert({
    name: "Alps 2027",
    description: "Hut to hut",
    status: "planning",
    ...fields,
    ownerId: owner.user.id,
  });
  const groupId = identifiers[0]!.id as number;
  await app.db
    .getRepository(GroupMembership)
    .insert([
      { groupId, userId: owner.user.id, role: "owner" },
      ...members.map((m) => ({ groupId, userId: m.user.id, role: "member" })),
    ]);
  return groupId;
}

export interface PublishedEvent {
  room: string;
  event: string;
  payload: any;
}

/**
 * Records what services publish, in place of the Socket.IO implementation. Delivery over real sockets is tested in
 * the realtime suite; feature tests check that the right event goes to the right room.
 */
export function recordRealtime(app: TestApp): PublishedEvent[] {
  const events: PublishedEvent[] = [];
  const recorder: Realtime & { evicted: Array<{ room: string; userId?: string }> } = {
    evicted: [],
    publish: (room, event, payload) => void events.push({ room, event, payload }),
    evict: async (room, userId) => void recorder.evicted.push({ room, userId }),
  };
  app.services.realtime = recorder;
  return events;
}
