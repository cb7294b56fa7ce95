import { Box, Stack } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import type { Group } from "@caravan/common";
import { CoverImageUpload } from "../uploads";
import { groupKeys } from "./api";
import { CoverImage } from "./CoverImage";
import { ImageIcon } from "../../components/icons";

/** The group page's cover: the image with 'Change Photo', or the 'Add Photo' placeholder around the upload control. */
export function CoverSlot({ group }: { group: Group }) {
  const client = useQueryClient();
  const uploaded = (updated: Group) => {
    client.setQueryData(groupKeys.detail(group.id), updated);
    void client.invalidateQueries({ queryKey: groupKeys.list() });
  };
  return (
    <Box position="relative" height={{ base: "40", md: "56" }} borderRadius="card" overflow="hidden" bg="sand.100">
      {group.coverImageUrl ? (
        <>
          <CoverImage src={group.coverImageUrl} height="full" />
          <CoverImageUpload
            groupId={group.id}
            coverImageUrl={group.coverImageUrl}
            onUploaded={uploaded}
            position="absolute"
            bottom="3"
            right="3"
          />
        </>
      ) : (
        <Stack
          height="full"
          align="center"
          justify="center"
          gap="3"
          color="ink.muted"
          borderWidth="2px"
          borderStyle="dashed"
          borderColor="sand.300"
          borderRadius="card"
          bgImage="linear-gradient(135deg, {colors.brand.50}, {colors.sunset.50})"
          data-testid="cover-placeholder"
        >
          <ImageIcon boxSize="8" aria-hidden="true" />
          <CoverImageUpload groupId={group.id} coverImageUrl={null} onUploaded={uploaded} />
        </Stack>
      )}
    </Box>
  );
}
