import { Button, Field, HStack, Input, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { arrivalRadiusSchema, NOTIFICATION_TEXTS as T, TOASTS, VALIDATION, type Group } from "@caravan/common";
import { errorText } from "../../api/client";
import { notify } from "../../components/toaster";
import { useUpdateGroup } from "./api";

/** The owner's arrival radius: members this close to the destination count as arrived. */
export function ArrivalRadiusForm({ group }: { group: Group }) {
  const [value, setValue] = useState(String(group.arrivalRadiusMeters));
  const [error, setError] = useState<string | null>(null);
  const mutation = useUpdateGroup(group.id);
  const save = () => {
    let radius: number;
    try {
      radius = arrivalRadiusSchema.validateSync({
        arrivalRadiusMeters: value.trim() === "" ? undefined : value,
      }).arrivalRadiusMeters;
    } catch (err) {
      setError((err as Error).message);
      return;
    }
    setError(null);
    mutation.mutate(
      { arrivalRadiusMeters: radius },
      {
        onSuccess: (g) => {
          setValue(String(g.arrivalRadiusMeters));
          notify("success", T.arrivalRadiusSaved);
        },
        onError: (err) => notify("error", TOASTS.errorTitle, errorText(err, VALIDATION.arrivalRadiusRange)),
      },
    );
  };
  return (
    <Stack
      as="form"
      gap="1"
      mt="3"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      data-testid="arrival-radius-form"
    >
      <Field.Root invalid={error !== null}>
        <Field.Label fontSize="sm" color="ink">
          {T.arrivalRadiusLabel}
        </Field.Label>
        <HStack gap="2" align="flex-start">
          <Input
            type="number"
            inputMode="numeric"
            min={50}
            max={5000}
            step={1}
            size="sm"
            maxW="8rem"
            bg="surface.raised"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            name="arrivalRadiusMeters"
          />
          <Button type="submit" size="sm" variant="outline" colorPalette="brand" loading={mutation.isPending}>
            {T.arrivalRadiusSave}
          </Button>
        </HStack>
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          <Field.HelperText>{T.arrivalRadiusHint}</Field.HelperText>
        )}
      </Field.Root>
    </Stack>
  );
}
