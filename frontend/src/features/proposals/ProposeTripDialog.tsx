import { Button, Dialog, HStack, Input, SegmentGroup, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useFormik } from "formik";
import { useState } from "react";
import { PROPOSAL_DURATION_MAX_HOURS, PROPOSAL_TEXTS, TOASTS, type DestinationResult } from "@caravan/common";
import { ApiError, isSessionExpired } from "../../api/client";
import { SearchIcon } from "../../components/icons";
import { FormField } from "../../components/FormField";
import { notify, notifyFailure } from "../../components/toaster";
import { DestinationSearchDialog } from "../places";
import { useCreateProposal } from "./api";
import { emptyProposalForm, toPayload, validateProposalForm, type ProposalForm, type WhenMode } from "./proposal-form";
import { AppDialog } from "../../components/AppDialog";
import { DialogHeader } from "../../components/DialogHeader";

export interface ProposeTripDialogProps {
  groupId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function ProposeTripDialog({ groupId, open, onOpenChange }: ProposeTripDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      motionPreset="slide-in-bottom"
      size="md"
      lazyMount
      unmountOnExit
      testId="propose-dialog"
    >
      <DialogHeader title={PROPOSAL_TEXTS.dialogTitle} description={PROPOSAL_TEXTS.dialogText} />
      <Dialog.Body pt="5" pb="6">
        <ProposalFormBody groupId={groupId} onDone={() => onOpenChange(false)} />
      </Dialog.Body>
    </AppDialog>
  );
}

function ProposalFormBody({ groupId, onDone }: { groupId: number; onDone(): void }) {
  const create = useCreateProposal(groupId);
  const [picked, setPicked] = useState<DestinationResult | null>(null);
  const [searching, setSearching] = useState(false);
  const form = useFormik<ProposalForm>({
    initialValues: emptyProposalForm,
    validate: validateProposalForm,
    onSubmit: async (values, helpers) => {
      try {
        await create.mutateAsync(toPayload(values, picked));
      } catch (err) {
        if (isSessionExpired(err)) return;
        if (err instanceof ApiError) {
          const { startDate, endDate, durationHours, ...rest } = err.fieldErrors;
          helpers.setErrors({
            ...rest,
            ...(startDate ? { start: startDate } : {}),
            ...(endDate ? { end: endDate } : {}),
            ...(durationHours ? { duration: durationHours } : {}),
          });
        }
        notifyFailure(TOASTS.errorTitle, err, PROPOSAL_TEXTS.createFailed);
        return;
      }
      notify("success", PROPOSAL_TEXTS.createdTitle, PROPOSAL_TEXTS.createdText);
      onDone();
    },
  });
  const error = (field: keyof ProposalForm) =>
    form.touched[field] || form.submitCount > 0 ? form.errors[field] : undefined;

  return (
    <>
      <form onSubmit={form.handleSubmit} noValidate aria-label={PROPOSAL_TEXTS.dialogTitle}>
        <Stack gap="1">
          <FormField label={PROPOSAL_TEXTS.destinationLabel} error={error("destinationName")}>
            <HStack gap="2" width="full">
              <Input
                {...form.getFieldProps("destinationName")}
                placeholder={PROPOSAL_TEXTS.destinationPlaceholder}
                autoComplete="off"
                autoFocus
                data-autofocus=""
                flex="1"
              />
              <Button variant="outline" flexShrink={0} onClick={() => setSearching(true)}>
                <SearchIcon boxSize="4" />
                {PROPOSAL_TEXTS.searchDestination}
              </Button>
            </HStack>
          </FormField>
          <FormField label={PROPOSAL_TEXTS.addressLabel} error={error("destinationAddress")}>
            <Input
              {...form.getFieldProps("destinationAddress")}
              placeholder={PROPOSAL_TEXTS.addressPlaceholder}
              autoComplete="off"
            />
          </FormField>

          <Stack gap="3" mb="2">
            <Text fontWeight="600" fontSize="sm" color="ink" id="proposal-when">
              {PROPOSAL_TEXTS.whenLabel}
            </Text>
            <SegmentGroup.Root
              value={form.values.mode}
              onValueChange={(e) => void form.setFieldValue("mode", (e.value as WhenMode | null) ?? "dates")}
              aria-labelledby="proposal-when"
              size="sm"
              width="full"
            >
              <SegmentGroup.Indicator bg="surface.raised" boxShadow="sm" />
              <SegmentGroup.Items
                items={[
                  { value: "dates", label: PROPOSAL_TEXTS.modeDates },
                  { value: "duration", label: PROPOSAL_TEXTS.modeDuration },
                ]}
                flex="1"
                justifyContent="center"
                fontWeight="600"
              />
            </SegmentGroup.Root>
          </Stack>

          {form.values.mode === "dates" ? (
            <SimpleGrid columns={{ base: 1, sm: 2 }} columnGap="3">
              <FormField label={PROPOSAL_TEXTS.startLabel} error={error("start")}>
                <Input {...form.getFieldProps("start")} type="datetime-local" />
              </FormField>
              <FormField label={PROPOSAL_TEXTS.endLabel} error={error("end")} reserveLines={2}>
                <Input {...form.getFieldProps("end")} type="datetime-local" min={form.values.start || undefined} />
              </FormField>
            </SimpleGrid>
          ) : (
            <FormField label={PROPOSAL_TEXTS.durationLabel} error={error("duration")} reserveLines={2}>
              <Input
                {...form.getFieldProps("duration")}
                type="number"
                inputMode="numeric"
                min={1}
                max={PROPOSAL_DURATION_MAX_HOURS}
                step={1}
                placeholder="48"
              />
            </FormField>
          )}

          <HStack justify="end" gap="2" mt="2">
            <Button variant="ghost" onClick={onDone}>
              {PROPOSAL_TEXTS.cancel}
            </Button>
            <Button type="submit" colorPalette="brand" disabled={form.isSubmitting}>
              {form.isSubmitting ? PROPOSAL_TEXTS.submitting : PROPOSAL_TEXTS.submit}
            </Button>
          </HStack>
        </Stack>
      </form>
      <DestinationSearchDialog
        open={searching}
        onOpenChange={setSearching}
        current={picked ? { name: picked.name, address: picked.address } : null}
        initialQuery={form.values.destinationName.trim()}
        onSelect={(place) => {
          setPicked(place);
          void form.setValues({ ...form.values, destinationName: place.name, destinationAddress: place.address });
        }}
      />
    </>
  );
}
