import { Card, HStack } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface ShareSectionCardProps {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  /** A note beside the title. */
  aside?: ReactNode;
  /** Space between the body's children. */
  gap?: string;
  children: ReactNode;
  testId?: string;
}

/** A titled card of the shared-trip page: Current Location, Chat, Safety Information. */
export function ShareSectionCard({ title, description, aside, gap, children, testId }: ShareSectionCardProps) {
  return (
    <Card.Root borderRadius="card" boxShadow="card" borderWidth="1px" borderColor="border.muted" data-testid={testId}>
      <Card.Header pb="0" px={{ base: "4", md: "6" }} pt={{ base: "4", md: "5" }}>
        <HStack justify="space-between" gap="3">
          <Card.Title as="h2" fontFamily="heading" fontSize="lg" fontWeight="800" color="ink">
            {title}
          </Card.Title>
          {aside}
        </HStack>
        {description !== undefined && (
          <Card.Description fontSize="sm" color="fg.muted">
            {description}
          </Card.Description>
        )}
      </Card.Header>
      <Card.Body px={{ base: "4", md: "6" }} pb={{ base: "4", md: "6" }} pt="4" gap={gap}>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
