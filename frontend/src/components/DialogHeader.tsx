import { Dialog, HStack, Text, type TextProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

export interface DialogHeaderProps extends Omit<Dialog.HeaderProps, "title"> {
  title: ReactNode;
  /** One or two lines under the title; it describes the dialog to assistive technology too. */
  description?: ReactNode;
  /** "lg" for a task dialog (a large title across the width), "md" for a settings-like one, "sm" for a confirmation. */
  size?: "sm" | "md" | "lg";
  titleId?: string;
  /** Something on the title's line before it, such as a back button; the line keeps its height without it. */
  leading?: ReactNode;
  /** Something above the title, such as the icon of a step that succeeded. */
  above?: ReactNode;
  /** Adjustments to the description's text, such as a narrower measure in a centred header. */
  descriptionProps?: TextProps;
  /** Anything more the header shows under the description. */
  children?: ReactNode;
}

/**
 * A dialog's title block: the title, the description under it, room on the right for the close button. Header
 * props (padding, background, border) adjust the block itself.
 */
export function DialogHeader({
  title,
  description,
  size = "lg",
  titleId,
  leading,
  above,
  descriptionProps,
  children,
  ...headerProps
}: DialogHeaderProps) {
  const lg = size === "lg";
  const titleSize = { sm: "lg", md: "xl", lg: "2xl" }[size];
  const heading = (
    <Dialog.Title
      id={titleId}
      fontFamily="heading"
      fontSize={titleSize}
      fontWeight="800"
      letterSpacing={lg ? "-0.02em" : undefined}
      color="ink"
      // Clear of the close button in the dialog's corner (AppDialog).
      pe="10"
    >
      {title}
    </Dialog.Title>
  );
  return (
    <Dialog.Header
      pt="6"
      pb={lg ? "1" : undefined}
      flexDirection="column"
      alignItems={lg ? "stretch" : "flex-start"}
      gap="1"
      {...headerProps}
    >
      {above}
      {leading !== undefined ? (
        <HStack gap="2" minH="8">
          {leading}
          {heading}
        </HStack>
      ) : (
        heading
      )}
      {description !== undefined && (
        <Dialog.Description asChild>
          <Text color="fg.muted" fontSize="sm" pe={lg ? "8" : undefined} {...descriptionProps}>
            {description}
          </Text>
        </Dialog.Description>
      )}
      {children}
    </Dialog.Header>
  );
}
