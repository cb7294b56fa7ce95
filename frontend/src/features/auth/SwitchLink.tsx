import { Button, Text } from "@chakra-ui/react";

/** "Already have an account? Sign in" and its mirror: one control, so the whole sentence is the target. */
export function SwitchLink({ question, action, onClick }: { question: string; action: string; onClick(): void }) {
  return (
    <Button variant="plain" size="sm" alignSelf="center" fontWeight="400" color="fg.muted" onClick={onClick}>
      {question}{" "}
      <Text as="span" color="brand.fg" fontWeight="600" textDecoration="underline" textUnderlineOffset="3px">
        {action}
      </Text>
    </Button>
  );
}
