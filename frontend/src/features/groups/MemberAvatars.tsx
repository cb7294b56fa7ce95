import { Avatar, AvatarGroup, type AvatarRootProps } from "@chakra-ui/react";
import { AVATAR_STACK_MAX, GROUP_TEXTS, displayName } from "@caravan/common";

interface Face {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email?: string | null;
  profileImageUrl: string | null;
}

/** Up to four faces, then '+N' for everyone else (docs/product.md §9). */
export function MemberAvatars({
  members,
  total,
  size = "sm",
}: {
  members: Face[];
  /** Everyone in the group, when more are counted than listed. */
  total?: number;
  size?: AvatarRootProps["size"];
}) {
  const shown = members.slice(0, AVATAR_STACK_MAX);
  const rest = Math.max(0, (total ?? members.length) - shown.length);
  return (
    // Overlap less than the margin beside the initials, so a face never covers the next one's letters.
    <AvatarGroup
      size={size}
      stacking="first-on-top"
      spaceX={size === "xs" ? "-1" : "-1.5"}
      data-testid="member-avatars"
    >
      {shown.map((m) => {
        const name = displayName(m);
        return (
          <Avatar.Root key={m.userId} colorPalette="brand" borderWidth="2px" borderColor="bg" title={name}>
            <Avatar.Fallback name={name} />
            {m.profileImageUrl && <Avatar.Image src={m.profileImageUrl} alt={name} />}
          </Avatar.Root>
        );
      })}
      {rest > 0 && (
        <Avatar.Root
          variant="solid"
          colorPalette="gray"
          borderWidth="2px"
          borderColor="bg"
          title={GROUP_TEXTS.membersCount(total ?? 0)}
        >
          <Avatar.Fallback>{GROUP_TEXTS.moreMembers(rest)}</Avatar.Fallback>
        </Avatar.Root>
      )}
    </AvatarGroup>
  );
}
