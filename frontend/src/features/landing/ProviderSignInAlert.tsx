import { Alert, CloseButton, Container } from "@chakra-ui/react";

/** Why a provider sign-in did not complete, over the landing page after the provider sent the browser back. */
export function ProviderSignInAlert({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  return (
    <Container maxW="6xl" pt="4">
      <Alert.Root status="warning" borderRadius="xl" data-testid="auth-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{text}</Alert.Description>
        </Alert.Content>
        <CloseButton size="sm" aria-label="Dismiss" pos="relative" top="-1" insetEnd="-1" onClick={onDismiss} />
      </Alert.Root>
    </Container>
  );
}
