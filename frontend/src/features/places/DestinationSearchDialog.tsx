import { Box, chakra, CloseButton, Dialog, HStack, Input, InputGroup, Spinner, Stack, Text } from "@chakra-ui/react";
import { useRef, useState } from "react";
import { DESTINATION_TEXTS, type DestinationResult } from "@caravan/common";
import { MapPinIcon, SearchIcon } from "../../components/icons";
import { useDestinationSearch } from "./use-destination-search";
import { AppDialog } from "../../components/AppDialog";
import { DialogHeader } from "../../components/DialogHeader";

export interface DestinationSearchDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The destination already set, shown in the 'Current Destination' box; null when there is none. */
  current: { name: string; address: string | null } | null;
  /** What the search box starts with (the proposal form's destination as typed); empty when not given. */
  initialQuery?: string;
  onSelect(result: DestinationResult): void;
}

/**
 * 'Add Destination' / 'Update Destination' (docs/product.md §2): search as you type, pick a result to select it and close.
 * The panel unmounts on close, so the query and results start over the next time (from `initialQuery`).
 */
export function DestinationSearchDialog({
  open,
  onOpenChange,
  current,
  initialQuery = "",
  onSelect,
}: DestinationSearchDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      initialFocusEl={() => inputRef.current}
      motionPreset="slide-in-bottom"
      size="md"
      lazyMount
      unmountOnExit
      testId="destination-dialog"
    >
      <DialogHeader title={current ? DESTINATION_TEXTS.updateTitle : DESTINATION_TEXTS.addTitle} />
      <Dialog.Body pt="4" pb="6">
        <SearchPanel
          inputRef={inputRef}
          current={current}
          initialQuery={initialQuery}
          onSelect={(result) => {
            onSelect(result);
            onOpenChange(false);
          }}
        />
      </Dialog.Body>
    </AppDialog>
  );
}

function SearchPanel({
  inputRef,
  current,
  initialQuery,
  onSelect,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  current: DestinationSearchDialogProps["current"];
  initialQuery: string;
  onSelect(result: DestinationResult): void;
}) {
  const [text, setText] = useState(initialQuery);
  const { ready, searching, results, noMatches } = useDestinationSearch(text);

  return (
    <Stack gap="4">
      {current && (
        <Box
          p="3"
          borderRadius="lg"
          borderWidth="1px"
          borderColor="brand.200"
          bg="brand.50"
          data-testid="current-destination"
        >
          <Text fontSize="xs" fontWeight="700" textTransform="uppercase" letterSpacing="0.06em" color="brand.700">
            {DESTINATION_TEXTS.currentDestination}
          </Text>
          <Text fontWeight="600" color="ink" mt="1">
            {current.name}
          </Text>
          {current.address && (
            <Text fontSize="sm" color="ink.muted">
              {current.address}
            </Text>
          )}
        </Box>
      )}

      <InputGroup
        startElement={<SearchIcon boxSize="4" color="ink.muted" />}
        endElement={
          <HStack gap="1">
            {searching && <Spinner size="sm" color="brand.600" aria-hidden="true" data-testid="destination-spinner" />}
            {text && (
              <CloseButton
                size="xs"
                aria-label={DESTINATION_TEXTS.clearSearch}
                onClick={() => {
                  setText("");
                  inputRef.current?.focus();
                }}
              />
            )}
          </HStack>
        }
      >
        <Input
          ref={inputRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={ready ? DESTINATION_TEXTS.placeholder : DESTINATION_TEXTS.loadingMaps}
          disabled={!ready}
          aria-label={DESTINATION_TEXTS.placeholder}
          aria-busy={searching}
          autoComplete="off"
          spellCheck={false}
        />
      </InputGroup>

      {results.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" aria-label="Search results" data-testid="destination-results">
          {results.map((result) => (
            <li key={result.placeId}>
              <chakra.button
                type="button"
                display="flex"
                alignItems="center"
                width="full"
                gap="3"
                p="3"
                borderRadius="lg"
                textAlign="start"
                cursor="pointer"
                _hover={{ bg: "brand.50" }}
                _focusVisible={{ outline: "2px solid", outlineColor: "brand.500" }}
                onClick={() => onSelect(result)}
              >
                <MapPinIcon boxSize="5" color="brand.600" flexShrink={0} />
                <Box minW="0">
                  <Text fontWeight="600" color="ink" truncate>
                    {result.name}
                  </Text>
                  <Text fontSize="sm" color="ink.muted" lineClamp={2}>
                    {result.address}
                  </Text>
                </Box>
              </chakra.button>
            </li>
          ))}
        </Stack>
      )}

      {noMatches && (
        <Text textAlign="center" color="ink.muted" py="4" role="status">
          {DESTINATION_TEXTS.noResults(text.trim())}
        </Text>
      )}
    </Stack>
  );
}
