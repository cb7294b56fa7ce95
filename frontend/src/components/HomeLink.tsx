import { chakra } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { Logo } from "./Logo";

const Anchor = chakra(RouterLink);

/** The brand as the way home, in every page's header; as tall as a fingertip, as wide as the logo. */
export function HomeLink() {
  return (
    <Anchor
      to="/"
      aria-label="Caravan home"
      display="inline-flex"
      alignItems="center"
      minH="11"
      flexShrink={0}
      borderRadius="md"
    >
      <Logo size={7} />
    </Anchor>
  );
}
