import { Heading, type HeadingProps } from "@chakra-ui/react";

/**
 * A page's own title, its one `h1`: the dashboard's, a group's, a shared trip's. Any prop adds to the look (a long
 * group name breaks, a sharer's name is clamped to two lines).
 */
export function PageTitle(props: HeadingProps) {
  return (
    <Heading
      as="h1"
      fontFamily="heading"
      fontWeight="800"
      fontSize={{ base: "2xl", md: "3xl" }}
      letterSpacing="-0.03em"
      color="ink"
      {...props}
    />
  );
}
