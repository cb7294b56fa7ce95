import { Box, type BoxProps } from "@chakra-ui/react";
import { forwardRef, type Ref } from "react";

/**
 * The product's card: a raised, rounded surface with a hairline border and the card shadow, padded for phone and
 * desktop. A section of a page by default (`as` to change it); any prop overrides the look.
 */
export const SectionCard = forwardRef<HTMLElement, BoxProps>(function SectionCard(props, ref) {
  return (
    <Box
      ref={ref as Ref<HTMLDivElement>}
      as="section"
      bg="surface.raised"
      borderRadius="card"
      boxShadow="card"
      borderWidth="1px"
      borderColor="sand.200"
      p={{ base: "4", md: "6" }}
      {...props}
    />
  );
});
