import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useId, useState } from "react";
import { GROUP_TEXTS, type DestinationResult } from "@caravan/common";
import { MapPinIcon } from "../../components/icons";
import { DestinationSearchDialog } from "../places";

/**
 * The Create and Edit Group dialogs' 'Main Destination (Optional)': a button, then a summary card with 'Change'.
 * `value` is the place chosen, or in the Edit dialog the group's destination until another is chosen.
 */
export function DestinationChooser({
  value,
  onChange,
}: {
  value: { name: string; address: string | null } | null;
  onChange(value: DestinationResult): void;
}) {
  const [searching, setSearching] = useState(false);
  const labelId = useId();
  const helperId = useId();
  return (
    <Stack gap="1.5" role="group" aria-labelledby={labelId} aria-describedby={helperId}>
      <Text as="span" id={labelId} fontWeight="600" fontSize="sm" color="ink">
        {GROUP_TEXTS.destinationLabel}
      </Text>
      {value ? (
        <HStack
          gap="3"
          p="3"
          borderRadius="lg"
          borderWidth="1px"
          borderColor="brand.200"
          bg="brand.50"
          data-testid="chosen-destination"
        >
          <MapPinIcon boxSize="5" color="brand.600" flexShrink={0} />
          <Box flex="1" minW="0">
            <Text fontWeight="600" color="ink" truncate>
              {value.name}
            </Text>
            {value.address && (
              <Text fontSize="sm" color="ink.muted" truncate>
                {value.address}
              </Text>
            )}
          </Box>
          <Button size="sm" variant="outline" bg="surface.raised" onClick={() => setSearching(true)}>
            {GROUP_TEXTS.changeDestination}
          </Button>
        </HStack>
      ) : (
        <Button variant="outline" justifyContent="flex-start" onClick={() => setSearching(true)} color="ink.muted">
          <MapPinIcon />
          {GROUP_TEXTS.selectDestination}
        </Button>
      )}
      <Text id={helperId} fontSize="xs" color="fg.muted">
        {GROUP_TEXTS.destinationHelper}
      </Text>
      <DestinationSearchDialog
        open={searching}
        onOpenChange={setSearching}
        current={value}
        onSelect={(place) => onChange(place)}
      />
    </Stack>
  );
}
