import { Avatar } from "@chakra-ui/react";
import { displayName, initials, type PublicUser } from "@caravan/common";

type AvatarUser = Pick<PublicUser, "firstName" | "lastName" | "email" | "profileImageUrl">;

export function UserAvatar({ user, size = "sm" }: { user: AvatarUser; size?: "xs" | "sm" | "md" | "lg" }) {
  return (
    <Avatar.Root size={size} colorPalette="brand" variant="solid">
      <Avatar.Fallback aria-label={displayName(user)}>{initials(user)}</Avatar.Fallback>
      {user.profileImageUrl && <Avatar.Image src={user.profileImageUrl} alt="" />}
    </Avatar.Root>
  );
}
