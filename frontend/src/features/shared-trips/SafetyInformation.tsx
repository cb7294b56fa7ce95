import { List } from "@chakra-ui/react";
import { LifebuoyIcon } from "../../components/icons";
import { ShareSectionCard } from "./ShareSectionCard";

/** What to agree on and what to do in an emergency, addressed to the person following the share. */
export function SafetyInformation({ name }: { name: string }) {
  const points = [
    `Agree on check-in times with ${name}. If the location stops updating or a check-in is missed, message here first, then call.`,
    `If you believe ${name} is in danger, call the local emergency number (112 across Europe, 911 in North America) and give the address shown here.`,
    "A position can be off by tens of metres indoors or between tall buildings, and it stops updating while the phone is offline: check Last updated.",
    `Keep this link private. Anyone who has it can see ${name}'s location until the share ends.`,
  ];
  return (
    <ShareSectionCard title="Safety Information" testId="safety-information">
      <List.Root gap="3" variant="plain">
        {points.map((p) => (
          <List.Item key={p} alignItems="flex-start" fontSize="sm" color="ink">
            <List.Indicator asChild color="sunset.600" mt="0.5">
              <LifebuoyIcon boxSize="4" />
            </List.Indicator>
            {p}
          </List.Item>
        ))}
      </List.Root>
    </ShareSectionCard>
  );
}
