import { Menu } from "@chakra-ui/react";
import { COLOR_MODE_CHOICES, COLOR_MODE_TEXTS, isColorModeChoice } from "@caravan/common";
import { setColorModeChoice, useColorModeChoice } from "../lib/color-mode";
import { CheckIcon } from "./icons";

/** The user menu's choice of colours: System (the device's setting), Light or Dark, kept in this browser. */
export function ColorModeMenuGroup() {
  const choice = useColorModeChoice();
  return (
    <Menu.RadioItemGroup
      value={choice}
      onValueChange={({ value }) => {
        if (isColorModeChoice(value)) setColorModeChoice(value);
      }}
      data-testid="color-mode-choice"
    >
      <Menu.ItemGroupLabel fontSize="xs" color="fg.muted" px="2.5">
        {COLOR_MODE_TEXTS.title}
      </Menu.ItemGroupLabel>
      {COLOR_MODE_CHOICES.map((value) => (
        <Menu.RadioItem key={value} value={value} cursor="pointer" py="2" closeOnSelect={false}>
          <Menu.ItemText>{COLOR_MODE_TEXTS[value]}</Menu.ItemText>
          <Menu.ItemIndicator>
            <CheckIcon boxSize="4" />
          </Menu.ItemIndicator>
        </Menu.RadioItem>
      ))}
    </Menu.RadioItemGroup>
  );
}
