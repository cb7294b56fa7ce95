import { Button, DatePicker, HStack, IconButton, parseDate, type DateValue } from "@chakra-ui/react";
import { useId } from "react";
import { EARLIEST_DATE } from "@caravan/common";
import { CalendarIcon } from "./icons";
import { lazyDateTimeFormat } from "../lib/formats";

interface DatePickerFieldProps {
  /** A calendar day as `YYYY-MM-DD`, or null when none is chosen. */
  value: string | null;
  onChange: (day: string | null) => void;
  /** The visible label's id: the trigger announces it with the chosen date. */
  labelId: string;
  placeholder?: string;
  /** Days before this one (`YYYY-MM-DD`) cannot be chosen. */
  min?: string;
  invalid?: boolean;
}

const dayLabel = lazyDateTimeFormat({ dateStyle: "medium", timeZone: "UTC" });

/** A button that opens a month calendar in a popover; keyboard users move by day, week and month with the arrows. */
export function DatePickerField({
  value,
  onChange,
  labelId,
  placeholder = "Pick a date",
  min = EARLIEST_DATE,
  invalid = false,
}: DatePickerFieldProps) {
  const valueId = useId();
  const selected: DateValue[] = value ? [parseDate(value)] : [];
  return (
    <DatePicker.Root
      value={selected}
      onValueChange={(details) => onChange(details.value[0]?.toString() ?? null)}
      min={parseDate(min)}
      closeOnSelect
      positioning={{ placement: "bottom-start" }}
      width="full"
    >
      <DatePicker.Control>
        <HStack gap="1" width="full">
          <DatePicker.Trigger asChild unstyled>
            <Button
              variant="outline"
              flex="1"
              justifyContent="flex-start"
              fontWeight="normal"
              color={value ? "fg" : "fg.muted"}
              borderColor={invalid ? "border.error" : undefined}
              aria-labelledby={`${labelId} ${valueId}`}
            >
              <CalendarIcon />
              <span id={valueId}>{value ? dayLabel().format(new Date(`${value}T12:00:00Z`)) : placeholder}</span>
            </Button>
          </DatePicker.Trigger>
          {value && (
            <IconButton variant="ghost" size="sm" aria-label="Clear date" onClick={() => onChange(null)}>
              <span aria-hidden="true">×</span>
            </IconButton>
          )}
        </HStack>
      </DatePicker.Control>
      {/* Not portalled: inside a dialog, a popover outside the dialog's focus trap could not be clicked. */}
      <DatePicker.Positioner>
        <DatePicker.Content>
          <DatePicker.View view="day">
            <DatePicker.Header />
            <DatePicker.DayTable />
          </DatePicker.View>
          <DatePicker.View view="month">
            <DatePicker.Header />
            <DatePicker.MonthTable />
          </DatePicker.View>
          <DatePicker.View view="year">
            <DatePicker.Header />
            <DatePicker.YearTable />
          </DatePicker.View>
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  );
}
