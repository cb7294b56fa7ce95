import { Box, type BoxProps } from "@chakra-ui/react";

/**
 * What someone wrote in a chat, the group's or a shared trip's: the reader's own in the brand colour on the right,
 * anyone else's raised on the left. The corner nearest its author (their name above it, `tail="top"`, or their face
 * beside it, `tail="bottom"`) is tucked in. The text is shown as typed: line breaks kept, long words broken, and
 * markup someone typed shown, never run (React text).
 */
export function ChatBubble({ own, tail, ...props }: { own: boolean; tail: "top" | "bottom" } & BoxProps) {
  const tucked = (top: boolean, right: boolean) => ((tail === "top") === top && own === right ? "md" : undefined);
  return (
    <Box
      px="3.5"
      py="2"
      borderRadius="2xl"
      borderTopLeftRadius={tucked(true, false)}
      borderTopRightRadius={tucked(true, true)}
      borderBottomLeftRadius={tucked(false, false)}
      borderBottomRightRadius={tucked(false, true)}
      bg={own ? "brand.solid" : "surface.raised"}
      color={own ? "brand.contrast" : "ink"}
      borderWidth={own ? "0" : "1px"}
      borderColor="sand.200"
      boxShadow={own ? "none" : "xs"}
      fontSize="sm"
      lineHeight="1.5"
      whiteSpace="pre-wrap"
      wordBreak="break-word"
      {...props}
    />
  );
}
