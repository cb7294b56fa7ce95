import { Button, HStack, Separator, Stack, Text } from "@chakra-ui/react";
import { useId, type ComponentType } from "react";
import { AUTH_TEXTS, OAUTH_PROVIDERS, OAUTH_PROVIDER_LABELS, type OAuthProvider } from "@caravan/common";
import { useClientConfig } from "../../api/config";
import { GoogleMark, MailIcon, MicrosoftMark, UserPlusIcon, YahooMark } from "../../components/icons";

const MARKS: Record<OAuthProvider, ComponentType<{ boxSize?: string }>> = {
  google: GoogleMark,
  microsoft: MicrosoftMark,
  yahoo: YahooMark,
};

interface ProvidersViewProps {
  /** The page to come back to after the provider signed the user in (kept by the server in the session). */
  returnTo: string | null;
  onCreateAccount(): void;
  onSignIn(): void;
}

/** `/api/auth/{provider}`, carrying the page to come back to; the server checks it again. */
export function providerUrl(provider: OAuthProvider, returnTo: string | null): string {
  return returnTo && returnTo !== "/"
    ? `/api/auth/${provider}?returnTo=${encodeURIComponent(returnTo)}`
    : `/api/auth/${provider}`;
}

/**
 * The product's three provider buttons, always shown. A provider this server has no client for is a disabled button
 * described by a note saying so, before anyone taps it; until the server's settings arrive, all three wait.
 */
export function ProvidersView({ returnTo, onCreateAccount, onSignIn }: ProvidersViewProps) {
  const config = useClientConfig();
  const noteId = useId();
  // Without the settings, the links are offered as they are: the server explains if one is not set up.
  const configured = config.data?.oauthProviders ?? (config.isError ? OAUTH_PROVIDERS : null);
  const missing = configured ? OAUTH_PROVIDERS.filter((p) => !configured.includes(p)) : [];
  return (
    <Stack gap="3">
      {OAUTH_PROVIDERS.map((provider) => {
        const Mark = MARKS[provider];
        const label = (
          <>
            <Mark boxSize="5" />
            Continue with {OAUTH_PROVIDER_LABELS[provider]}
          </>
        );
        const available = configured?.includes(provider) ?? false;
        return available ? (
          // A full-page navigation: the provider's consent screen is not part of this app.
          <Button key={provider} asChild variant="outline" size="lg" justifyContent="center" fontWeight="600">
            <a href={providerUrl(provider, returnTo)} data-testid={`provider-${provider}`} data-configured="true">
              {label}
            </a>
          </Button>
        ) : (
          <Button
            key={provider}
            variant="outline"
            size="lg"
            justifyContent="center"
            fontWeight="600"
            disabled
            aria-describedby={configured ? noteId : undefined}
            aria-busy={configured ? undefined : true}
            data-testid={`provider-${provider}`}
            data-configured="false"
          >
            {label}
          </Button>
        );
      })}
      {missing.length > 0 ? (
        <Text id={noteId} fontSize="sm" color="fg.muted" textAlign="center" data-testid="providers-not-configured">
          {AUTH_TEXTS.providersNotConfigured(missing.map((p) => OAUTH_PROVIDER_LABELS[p]))}
        </Text>
      ) : null}
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
