import { GroupsOverview } from "../groups";

/** The dashboard's groups: the list, its stats and the empty state. */
export function GroupsArea() {
  return <GroupsOverview />;
}
