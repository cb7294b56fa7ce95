import { Menu } from "@chakra-ui/react";
import {
  isLocale,
  LANGUAGE_NAMES,
  LANGUAGE_TEXTS,
  SUPPORTED_LOCALES,
  TOASTS,
  type CurrentUser,
  type Locale,
} from "@caravan/common";
import { useQueryClient } from "@tanstack/react-query";
import { api, errorText } from "../api/client";
import { currentUserKey } from "../api/current-user";
import { keepLanguageCookie, showLanguage, useLocale } from "../lib/language";
import { notify } from "./toaster";
import { CheckIcon } from "./icons";

/**
 * The user menu's choice of language: shown at once, kept in this browser (a cookie the server reads too) and saved
 * to the profile, so that every device the user signs in on speaks it.
 */
export function LanguageMenuGroup() {
  const locale = useLocale();
  const queries = useQueryClient();
  const choose = async (value: Locale) => {
    keepLanguageCookie(value);
    await showLanguage(value);
    try {
      const user = await api.put<CurrentUser>("/api/auth/language", { language: value });
      queries.setQueryData(currentUserKey, user);
    } catch (error) {
      notify("error", TOASTS.errorTitle, errorText(error, LANGUAGE_TEXTS.saveFailed));
    }
  };
  return (
    <Menu.RadioItemGroup
      value={locale}
      onValueChange={({ value }) => {
        if (isLocale(value)) void choose(value);
      }}
      data-testid="language-choice"
    >
      <Menu.ItemGroupLabel fontSize="xs" color="fg.muted" px="2.5">
        {LANGUAGE_TEXTS.title}
      </Menu.ItemGroupLabel>
      {SUPPORTED_LOCALES.map((value) => (
        <Menu.RadioItem key={value} value={value} cursor="pointer" py="2" closeOnSelect={false}>
          <Menu.ItemText lang={value}>{LANGUAGE_NAMES[value]}</Menu.ItemText>
          <Menu.ItemIndicator>
            <CheckIcon boxSize="4" />
          </Menu.ItemIndicator>
        </Menu.RadioItem>
      ))}
    </Menu.RadioItemGroup>
  );
}
