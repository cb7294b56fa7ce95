import { Box, Button, Circle, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { GROUP_TEXTS, TOASTS, type DestinationResult, type Group } from "@caravan/common";
import { MapPinIcon, TargetIcon } from "../../components/icons";
import { notify } from "../../components/toaster";
import { DestinationSearchDialog } from "../places";
import { useUpdateDestination } from "./api";
import { ArrivalRadiusForm } from "./ArrivalRadiusForm";
import { isSessionExpired } from "../../api/client";

function currentDestination(group: Group): { name: string; address: string | null } | null {
  return group.destinationName ? { name: group.destinationName, address: group.destinationAddress } : null;
}

/** 'Group Target': where everyone is heading, changed by any member through the destination search. */
export function DestinationBanner({ group, isOwner }: { group: Group; isOwner: boolean }) {
  const [searching, setSearching] = useState(false);
  const mutation = useUpdateDestination(group.id);
  const current = currentDestination(group);

  const choose = (place: DestinationResult) =>
    mutation.mutate(
      {
        destinationName: place.name,
        destinationAddress: place.address,
        destinationLatitude: place.latitude,
        destinationLongitude: place.longitude,
        destinationPlaceId: place.placeId,
      },
      {
        onSuccess: () => notify("success", GROUP_TEXTS.destinationUpdated),
        onError: (err) => {
          if (!isSessionExpired(err)) notify("error", TOASTS.errorTitle, GROUP_TEXTS.destinationFailed);
        },
      },
    );

  return (
    <Box
      as="section"
      aria-label={GROUP_TEXTS.groupTarget}
      p={{ base: "4", md: "5" }}
      borderRadius="card"
      bg={current ? "brand.50" : "surface.raised"}
      borderWidth="1px"
      borderColor={current ? "brand.200" : "sand.300"}
      borderStyle={current ? "solid" : "dashed"}
      data-testid="destination-banner"
    >
      <Flex
        gap={{ base: "3", md: "4" }}
        align={{ base: "stretch", sm: "center" }}
        direction={{ base: "column", sm: "row" }}
      >
        <HStack gap={{ base: "3", md: "4" }} flex="1" minW="0" align="center">
          <Circle
            size={{ base: "10", md: "12" }}
            bg={current ? "brand.solid" : "sand.100"}
            color={current ? "brand.contrast" : "ink.muted"}
            flexShrink={0}
            aria-hidden="true"
          >
            {current ? <TargetIcon boxSize="5" /> : <MapPinIcon boxSize="5" />}
          </Circle>
          <Stack gap="0.5" flex="1" minW="0">
            <Text
              fontSize="xs"
              fontWeight="700"
              letterSpacing="0.08em"
              textTransform="uppercase"
              color={current ? "brand.700" : "ink.muted"}
            >
              {GROUP_TEXTS.groupTarget}
            </Text>
            {current ? (
              <>
                <Text fontWeight="700" fontSize={{ base: "md", md: "lg" }} color="ink" lineClamp={1}>
                  {current.name}
                </Text>
                {current.address && (
                  <Text fontSize="sm" color="ink.muted" lineClamp={2}>
                    {current.address}
                  </Text>
                )}
              </>
            ) : (
              <>
                <Text fontWeight="700" color="ink">
                  {GROUP_TEXTS.noDestination}
                </Text>
                <Text fontSize="sm" color="ink.muted">
                  {GROUP_TEXTS.noDestinationText}
                </Text>
              </>
            )}
          </Stack>
        </HStack>
        <Button
          colorPalette="brand"
          variant={current ? "outline" : "solid"}
          bg={current ? "surface.raised" : undefined}
          size={{ base: "sm", md: "md" }}
          onClick={() => setSearching(true)}
          loading={mutation.isPending}
          flexShrink={0}
        >
          {current ? GROUP_TEXTS.updateDestination : GROUP_TEXTS.addDestination}
        </Button>
      </Flex>
      {current && isOwner && <ArrivalRadiusForm key={group.arrivalRadiusMeters} group={group} />}
      <DestinationSearchDialog open={searching} onOpenChange={setSearching} current={current} onSelect={choose} />
    </Box>
  );
}
