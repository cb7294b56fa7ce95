import { Box, Button, Center, Flex, HStack, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { JOIN_TEXTS, REDIRECT_DELAY_MS, TOASTS } from "@caravan/common";
import { isSessionExpired } from "../../api/client";
import { currentUserQuery, useCurrentUser } from "../../api/current-user";
import { AlertIcon, CalendarIcon, PartyIcon, UsersIcon } from "../../components/icons";
import { AppTopBar } from "../../components/AppTopBar";
import { notify } from "../../components/toaster";
import { AuthDialogHost, useAuthDialog } from "../auth";
import { StatusBadge, formatDay } from "../groups";
import { clearJoinIntent, keepJoinIntent, wantedToJoin } from "./join-intent";
import { useAcceptInvite, useInvite, type InvitePreview } from "./api";

/** /join/{token}: shows the group behind an invite and lets a signed-in visitor join it (docs/product.md §2, §4). */
export function JoinPage() {
  const { token = "" } = useParams();
  const invite = useInvite(token);
  const user = useCurrentUser();
  const accept = useAcceptInvite(token);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [joinedGroupId, setJoinedGroupId] = useState<number | null>(null);
  const showAuth = useAuthDialog((s) => s.show);

  const groupPath = joinedGroupId ? `/groups/${joinedGroupId}` : "/";

  useEffect(() => {
    if (joinedGroupId === null) return;
    const timer = window.setTimeout(() => navigate(groupPath), REDIRECT_DELAY_MS.afterJoin);
    return () => window.clearTimeout(timer);
  }, [joinedGroupId, groupPath, navigate]);

  // Signing in happens over this page, and comes back to it: the join the visitor asked for then goes ahead.
  const sendToSignIn = (title: string, text: string) => {
    keepJoinIntent(token);
    notify("info", title, text);
    showAuth("signin");
  };

  const join = async () => {
    if (!user.data) {
      sendToSignIn(JOIN_TEXTS.signInTitle, JOIN_TEXTS.signInText);
      return;
    }
    // The page may have been open for a while: make sure the session is still there before joining with it.
    const stillSignedIn = await client.fetchQuery({ ...currentUserQuery, staleTime: 0 }).catch(() => user.data);
    if (!stillSignedIn) {
      sendToSignIn(JOIN_TEXTS.sessionTitle, JOIN_TEXTS.sessionText);
      return;
    }
    try {
      const result = await accept.mutateAsync();
      notify("success", JOIN_TEXTS.joined);
      setJoinedGroupId(result.groupId);
    } catch (err) {
      if (isSessionExpired(err)) return;
      notify("error", TOASTS.errorTitle, JOIN_TEXTS.failed);
    }
  };

  // Back from signing in, having asked to join: join now, once.
  const resumed = useRef(false);
  const ready = Boolean(user.data && invite.data && !invite.data.member);
  useEffect(() => {
    if (!ready || resumed.current || !wantedToJoin(token)) return;
    resumed.current = true;
    clearJoinIntent();
    void join();
  });

  let body;
  if (invite.isPending || user.isPending) body = <InviteSkeleton />;
  else if (invite.isError) body = <InvalidInvitation />;
  else if (joinedGroupId !== null) body = <Welcome groupName={invite.data.group.name} groupPath={groupPath} />;
  else
    body = (
      <InviteCard
        invite={invite.data}
        email={user.data?.email ?? null}
        pending={accept.isPending}
        onJoin={join}
        onCancel={() => navigate("/")}
      />
    );

  return (
    <Flex minH="100dvh" direction="column" bg="surface.page">
      <AppTopBar />
      <Center flex="1" px={{ base: "3", sm: "4" }} pb={{ base: "10", md: "20" }} pt={{ base: "5", md: "8" }}>
        <Box as="main" width="full" maxW="md">
          {body}
        </Box>
      </Center>
      <AuthDialogHost returnTo={`/join/${token}`} />
    </Flex>
  );
}

function Panel({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Box bg="surface.raised" borderRadius="card" boxShadow="lift" overflow="hidden" data-testid={testId}>
      {children}
    </Box>
  );
}

function InviteCard(props: {
  invite: InvitePreview;
  email: string | null;
  pending: boolean;
  onJoin(): void;
  onCancel(): void;
}) {
  const { group } = props.invite;
  return (
    <Panel testId="join-card">
      <Box
        bgGradient="to-br"
        gradientFrom="fixed.brand.600"
        gradientTo="fixed.brand.800"
        color="white"
        px={{ base: "5", sm: "7" }}
        pt="7"
        pb="6"
      >
        <Center boxSize="11" borderRadius="xl" bg="whiteAlpha.200" mb="4">
          <UsersIcon boxSize="6" />
        </Center>
        <Heading as="h1" fontFamily="heading" fontSize="2xl" fontWeight="800" letterSpacing="-0.02em">
          {JOIN_TEXTS.title}
        </Heading>
        <Text mt="1" fontSize="sm" color="whiteAlpha.800">
          {JOIN_TEXTS.intro}
        </Text>
      </Box>
      <Stack gap="5" px={{ base: "5", sm: "7" }} py="6">
        <Stack gap="2">
          <HStack justify="space-between" align="start" gap="3">
            <Heading as="h2" fontFamily="heading" fontSize="xl" fontWeight="700" color="ink" lineClamp={2}>
              {group.name}
            </Heading>
            <StatusBadge status={group.status} size="md" flexShrink={0} mt="1" />
          </HStack>
          {group.description && (
            <Text color="fg.muted" fontSize="sm" whiteSpace="pre-line" lineClamp={5}>
              {group.description}
            </Text>
          )}
        </Stack>
        <HStack gap="3" bg="surface.sunken" borderRadius="xl" px="4" py="3">
          <CalendarIcon boxSize="5" color="brand.600" />
          <Stack gap="0">
            <Text fontSize="xs" fontWeight="600" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
              {JOIN_TEXTS.startsLabel}
            </Text>
            <Text fontSize="sm" fontWeight="600" color="ink">
              {group.startDate ? formatDay(group.startDate) : JOIN_TEXTS.noDate}
            </Text>
          </Stack>
        </HStack>
        <Stack gap="3">
          {props.invite.member ? (
            <>
              <Text color="ink" fontWeight="600" textAlign="center" data-testid="join-already-member">
                {JOIN_TEXTS.alreadyMember}
              </Text>
              <Button asChild colorPalette="brand" size="lg" fontWeight="600">
                <RouterLink to={`/groups/${props.invite.groupId}`}>{JOIN_TEXTS.openMemberGroup}</RouterLink>
              </Button>
            </>
          ) : (
            <Button colorPalette="brand" size="lg" fontWeight="600" onClick={props.onJoin} disabled={props.pending}>
              {props.pending ? JOIN_TEXTS.joining : JOIN_TEXTS.join}
            </Button>
          )}
          <Button variant="outline" size="lg" onClick={props.onCancel}>
            {JOIN_TEXTS.cancel}
          </Button>
          {props.email ? (
            <Text fontSize="sm" color="fg.muted" textAlign="center">
              {JOIN_TEXTS.joiningAs(props.email)}
            </Text>
          ) : props.invite.member ? null : (
            <Text fontSize="sm" color="fg.muted" textAlign="center" data-testid="join-signed-out">
              {JOIN_TEXTS.signedOutHint}
            </Text>
          )}
        </Stack>
      </Stack>
    </Panel>
  );
}

function InvalidInvitation() {
  return (
    <Panel testId="join-invalid">
      <Stack align="center" textAlign="center" gap="3" px={{ base: "6", sm: "8" }} py="10">
        <Center boxSize="14" borderRadius="full" bg="sunset.50" color="sunset.600">
          <AlertIcon boxSize="7" />
        </Center>
        <Heading as="h1" fontFamily="heading" fontSize="2xl" fontWeight="800" color="ink">
          {JOIN_TEXTS.invalidTitle}
        </Heading>
        <Text color="fg.muted">{JOIN_TEXTS.invalidText}</Text>
        <Button asChild colorPalette="brand" size="lg" mt="3">
          <RouterLink to="/">{JOIN_TEXTS.goHome}</RouterLink>
        </Button>
      </Stack>
    </Panel>
  );
}

function Welcome({ groupName, groupPath }: { groupName: string; groupPath: string }) {
  return (
    <Panel testId="join-welcome">
      <Stack align="center" textAlign="center" gap="3" px={{ base: "6", sm: "8" }} py="10">
        <Center boxSize="14" borderRadius="full" bg="brand.50" color="brand.600">
          <PartyIcon boxSize="7" />
        </Center>
        <Heading as="h1" fontFamily="heading" fontSize="2xl" fontWeight="800" color="ink">
          {JOIN_TEXTS.welcomeTitle}
        </Heading>
        <Text color="ink" fontWeight="600">
          {groupName}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {JOIN_TEXTS.welcomeText}
        </Text>
        <Button asChild variant="ghost" colorPalette="brand" size="sm" mt="2">
          <RouterLink to={groupPath}>{JOIN_TEXTS.openGroup}</RouterLink>
        </Button>
      </Stack>
    </Panel>
  );
}

function InviteSkeleton() {
  return (
    <Panel testId="join-loading">
      <Box bg="fixed.brand.700" px="7" pt="7" pb="6">
        <Skeleton boxSize="11" borderRadius="xl" mb="4" variant="shine" />
        <Skeleton height="7" width="60%" mb="2" />
        <Skeleton height="4" width="80%" />
      </Box>
      <Stack gap="4" px="7" py="6" aria-busy="true">
        <Skeleton height="6" width="70%" />
        <Skeleton height="4" />
        <Skeleton height="4" width="85%" />
        <Skeleton height="14" borderRadius="xl" />
        <Skeleton height="12" borderRadius="md" />
        <Skeleton height="12" borderRadius="md" />
      </Stack>
    </Panel>
  );
}
