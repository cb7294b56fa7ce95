import { Button, HStack, Separator, Stack, Text } from "@chakra-ui/react";
import type { ComponentType } from "react";
import { OAUTH_PROVIDERS, OAUTH_PROVIDER_LABELS, type OAuthProvider } from "@caravan/common";
import { GoogleMark, MailIcon, MicrosoftMark, UserPlusIcon, YahooMark } from "../../components/icons";

const MARKS: Record<OAuthProvider, ComponentType<{ boxSize?: string }>> = {
  google: GoogleMark,
  microsoft: MicrosoftMark,
  yahoo: YahooMark,
};

interface ProvidersViewProps {
  onCreateAccount(): void;
  onSignIn(): void;
}

export function ProvidersView({ onCreateAccount, onSignIn }: ProvidersViewProps) {
  return (
    <Stack gap="3">
      {OAUTH_PROVIDERS.map((provider) => {
        const Mark = MARKS[provider];
        return (
          // A full-page navigation: the provider's consent screen is not part of this app.
          <Button key={provider} asChild variant="outline" size="lg" justifyContent="center" fontWeight="600">
            <a href={`/api/auth/${provider}`}>
              <Mark boxSize="5" />
              Continue with {OAUTH_PROVIDER_LABELS[provider]}
            </a>
          </Button>
        );
      })}
      <HStack gap="3" my="2" aria-hidden="false">
        <Separator flex="1" />
        <Text fontSize="sm" color="fg.muted" flexShrink="0">
          or
        </Text>
        <Separator flex="1" />
      </HStack>
      <Button colorPalette="brand" size="lg" onClick={onCreateAccount} fontWeight="600">
        <UserPlusIcon boxSize="5" />
        Create New Account
      </Button>
      <Button variant="subtle" colorPalette="brand" size="lg" onClick={onSignIn} fontWeight="600">
        <MailIcon boxSize="5" />
        Sign In with Email
      </Button>
    </Stack>
  );
}
