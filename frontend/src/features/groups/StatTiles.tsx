import { Box, SimpleGrid, Text } from "@chakra-ui/react";
import type { ReactElement } from "react";
import { GROUP_TEXTS, type GroupSummary } from "@caravan/common";
import { ListIcon, MessageIcon, SuitcaseIcon, UsersIcon } from "../../components/icons";
import { SectionCard } from "../../components/SectionCard";

interface Tile {
  label: string;
  value: number | null;
  icon: ReactElement;
  /** The icon's background and colour: Caravan's palettes follow the mode by step, Chakra's by their semantic tokens. */
  tone: { bg: string; color: string };
}

const CARAVAN_TONE = (palette: string) => ({ bg: `${palette}.100`, color: `${palette}.700` });
const CHAKRA_TONE = (palette: string) => ({ bg: `${palette}.subtle`, color: `${palette}.fg` });

/** The dashboard's four figures; Recent Messages counts the last 24 hours of chat across the caller's groups. */
export function StatTiles({ groups, recentMessages }: { groups: GroupSummary[]; recentMessages: number | null }) {
  const tiles: Tile[] = [
    {
      label: GROUP_TEXTS.statActiveGroups,
      value: groups.length,
      icon: <UsersIcon boxSize="5" />,
      tone: CARAVAN_TONE("brand"),
    },
    {
      label: GROUP_TEXTS.statOngoingTrips,
      value: groups.filter((g) => g.status === "active").length,
      icon: <SuitcaseIcon boxSize="5" />,
      tone: CHAKRA_TONE("green"),
    },
    {
      label: GROUP_TEXTS.statPlanning,
      value: groups.filter((g) => g.status === "planning").length,
      icon: <ListIcon boxSize="5" />,
      tone: CARAVAN_TONE("sunset"),
    },
    {
      label: GROUP_TEXTS.statRecentMessages,
      value: recentMessages,
      icon: <MessageIcon boxSize="5" />,
      tone: CHAKRA_TONE("purple"),
    },
  ];
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: "3", md: "4" }}>
      {tiles.map((t) => (
        <SectionCard
          key={t.label}
          as="div"
          display="flex"
          flexDirection={{ base: "column", sm: "row" }}
          alignItems={{ base: "flex-start", sm: "center" }}
          gap="3"
          p={{ base: "4", md: "5" }}
          data-testid="stat-tile"
        >
          <Box
            display="grid"
            placeItems="center"
            boxSize={{ base: "9", md: "11" }}
            flexShrink={0}
            borderRadius="xl"
            bg={t.tone.bg}
            color={t.tone.color}
            aria-hidden="true"
          >
            {t.icon}
          </Box>
          <Box minW="0">
            <Text fontSize={{ base: "xs", md: "sm" }} color="ink.muted">
              {t.label}
            </Text>
            <Text
              data-testid="stat-value"
              fontSize={{ base: "xl", md: "2xl" }}
              fontWeight="700"
              color="ink"
              lineHeight="1.2"
            >
              {t.value ?? "–"}
            </Text>
          </Box>
        </SectionCard>
      ))}
    </SimpleGrid>
  );
}
